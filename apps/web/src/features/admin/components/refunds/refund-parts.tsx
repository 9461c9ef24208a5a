import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RefundStatus, TAdminRefund } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { notify } from '../../../../lib/notify';
import { useOperator } from '../../../../lib/operator-session';
import { useApproveRefund } from '../../api/approve-refund';
import { useRejectRefund } from '../../api/reject-refund';
import { useCan } from '../../lib/can';
import { DetailTable } from '../detail-parts';
import { ReasonDialog } from '../reason-dialog';

const STATUS_COLORS: Record<RefundStatus, ChipProps['color']> = {
  requested: 'warning',
  approved: 'info',
  processing: 'info',
  succeeded: 'success',
  closed: 'default',
  abnormal: 'error',
  rejected: 'default',
  failed: 'error',
};

export function RefundStatusChip({ status }: { status: RefundStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      label={t(`adminRefunds.status.${status}`)}
      data-testid="refund-status"
      data-status={status}
    />
  );
}

/**
 * The two-person rule's state of a refund: approvals given of those needed, who gave them, and why a second one was
 * asked (the amount, the operator's or the buyer's daily solo limit).
 */
export function RefundApprovals({ refund }: { refund: TAdminRefund }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.25} data-testid="refund-approvals">
      <span>
        {t('adminRefunds.approvalsOf', { given: refund.approvals.length, needed: refund.approvalsNeeded })}
        {refund.approvals.length > 0 ? ` · ${refund.approvals.map((a) => a.operatorName).join(', ')}` : ''}
      </span>
      {refund.reviewReason ? (
        <Typography variant="caption" color="text.secondary" data-testid="refund-review-reason">
          {t('adminRefunds.twoPersonBecause', { why: t(`adminRefunds.twoPerson.${refund.reviewReason}`) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/**
 * Approve or reject a refund that waits for a second operator (right `refunds`). Its maker, and an operator who
 * already approved it, read why they cannot: another operator must.
 */
export function RefundReviewActions({ refund }: { refund: TAdminRefund }) {
  const { t } = useTranslation();
  const me = useOperator();
  const allowed = useCan('adminRefundApprove');
  const approve = useApproveRefund();
  const reject = useRejectRefund();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  if (!allowed || refund.status !== 'requested') return null;
  const own = refund.createdBy.operatorId === me?.id || refund.approvals.some((a) => a.operatorId === me?.id);
  if (own)
    return (
      <Typography variant="caption" color="text.secondary" data-testid={`refund-own-${refund.id}`}>
        {t('adminRefunds.review.own')}
      </Typography>
    );
  const what = { orderId: refund.orderId, amount: refund.amount, reason: refund.reason };
  return (
    <>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          disabled={approve.isPending || reject.isPending}
          onClick={() => setOpen('approve')}
          data-testid={`refund-approve-${refund.id}`}
        >
          {t('adminRefunds.review.approve')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={approve.isPending || reject.isPending}
          onClick={() => setOpen('reject')}
          data-testid={`refund-reject-${refund.id}`}
        >
          {t('adminRefunds.review.reject')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={open === 'approve'}
        title={t('adminRefunds.review.approve')}
        message={t('adminRefunds.review.confirmApprove', what)}
        busy={approve.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() =>
          approve.mutate(refund.id, {
            onSuccess: () => notify.success(t('adminRefunds.review.approved')),
            onSettled: () => setOpen(null),
          })
        }
      />
      <ReasonDialog
        open={open === 'reject'}
        title={t('adminRefunds.review.reject')}
        message={t('adminRefunds.review.confirmReject', what)}
        confirmLabel={t('adminRefunds.review.reject')}
        busy={reject.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={(reason) =>
          reject.mutate(
            { id: refund.id, reason },
            {
              onSuccess: () => notify.success(t('adminRefunds.review.rejected')),
              onSettled: () => setOpen(null),
            },
          )
        }
        testId="refund-reject-dialog"
      />
    </>
  );
}

/** What a succeeded refund took back, per account of the order: taken, left owed, and diamonds no longer there. */
export function RefundClawbacks({ refund }: { refund: TAdminRefund }) {
  const { t } = useTranslation();
  const diamonds = (count: number) => t('adminCatalog.orders.diamondsOf', { count });
  return (
    <DetailTable title={t('adminRefunds.clawbacks.title')} testId={`refund-clawbacks-${refund.id}`}>
      <TableHead>
        <TableRow>
          <TableCell>{t('adminRefunds.clawbacks.account')}</TableCell>
          <TableCell align="right">{t('adminRefunds.clawbacks.taken')}</TableCell>
          <TableCell align="right">{t('adminRefunds.clawbacks.owed')}</TableCell>
          <TableCell align="right">{t('adminRefunds.clawbacks.short')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {refund.clawbacks.map((c) => (
          <TableRow
            key={`${c.ownerType}-${c.ownerId}-${c.currency}`}
            data-testid="refund-clawback"
            data-owner={`${c.ownerType}-${c.ownerId}`}
            data-currency={c.currency}
          >
            <TableCell>
              {t(`adminRefunds.clawbacks.${c.ownerType}`, { id: c.ownerId })} ·{' '}
              {t(`adminRefunds.clawbacks.${c.currency}`)}
            </TableCell>
            <TableCell align="right" data-testid="refund-clawback-taken">
              {c.currency === 'balance' ? c.taken : diamonds(Number(c.taken))}
            </TableCell>
            <TableCell align="right" data-testid="refund-clawback-owed">
              {c.currency === 'balance' ? c.owed : '—'}
            </TableCell>
            <TableCell align="right" data-testid="refund-clawback-short">
              {c.currency === 'diamonds' ? diamonds(c.short) : '—'}
            </TableCell>
          </TableRow>
        ))}
        {refund.clawbacks.length === 0 ? (
          <TableRow>
            <TableCell colSpan={4}>{t('adminRefunds.clawbacks.none')}</TableCell>
          </TableRow>
        ) : null}
      </TableBody>
    </DetailTable>
  );
}
