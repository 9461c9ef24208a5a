import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { moneyToFen, type TAdminOrderDetail, type TAdminRefund } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { newRequestId } from '../../../../lib/request-id';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { DetailField } from '../detail-parts';
import { RefundDialog } from './refund-dialog';
import { RefundApprovals, RefundClawbacks, RefundReviewActions, RefundStatusChip } from './refund-parts';

/** Whether an order may be refunded now: paid or held (a part refunded leaves it so), with something left. */
export function refundableNow(detail: Pick<TAdminOrderDetail, 'order' | 'refunds'>): boolean {
  const { status } = detail.order;
  return (status === 'paid' || status === 'held') && moneyToFen(detail.refunds.refundable) > 0;
}

/** One refund of the order: what, why, who, the two-person rule, the provider's word, and once done what it took. */
function RefundCard({ refund }: { refund: TAdminRefund }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5 }}
      data-testid={`order-refund-${refund.id}`}
      data-status={refund.status}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap', rowGap: 1 }}>
        <RefundStatusChip status={refund.status} />
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }} data-testid="refund-amount">
          {refund.amount}
        </Typography>
        <RefundReviewActions refund={refund} />
      </Stack>
      <DetailField label={t('adminRefunds.fields.reason')}>{refund.reason}</DetailField>
      <DetailField label={t('adminRefunds.fields.maker')}>{refund.createdBy.operatorName}</DetailField>
      <DetailField label={t('adminRefunds.fields.approvals')}>
        <RefundApprovals refund={refund} />
      </DetailField>
      <DetailField label={t('adminRefunds.fields.providerRef')}>{refund.providerRef ?? '—'}</DetailField>
      {refund.lastError ? (
        <DetailField label={t('adminRefunds.fields.lastError')}>
          <Box component="span" sx={{ color: 'error.main' }} data-testid="refund-last-error">
            {refund.lastError}
          </Box>
        </DetailField>
      ) : null}
      {refund.remark ? (
        <DetailField label={t('adminRefunds.fields.remark')}>
          <span data-testid="refund-remark">{refund.remark}</span>
        </DetailField>
      ) : null}
      <DetailField label={t('adminRefunds.fields.createdAt')}>{when(refund.createdAt)}</DetailField>
      <DetailField label={t('adminRefunds.fields.approvedAt')}>{when(refund.approvedAt)}</DetailField>
      <DetailField label={t('adminRefunds.fields.settledAt')}>{when(refund.settledAt)}</DetailField>
      {refund.status === 'succeeded' ? <RefundClawbacks refund={refund} /> : null}
    </Paper>
  );
}

/**
 * An order's refunds in its page (decision 043): what was given back and what may still be, each refund with its
 * state, and the Refund button for an operator with the right `refunds` while the order may still be refunded.
 */
export function OrderRefunds({ detail }: { detail: Pick<TAdminOrderDetail, 'order' | 'refunds'> }) {
  const { t } = useTranslation();
  const canRefund = useCan('adminRefundCreate');
  const [requestId, setRequestId] = useState<string | null>(null);
  const { refunds } = detail;
  return (
    <Box data-testid="order-refunds">
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
          {t('adminRefunds.section')}
        </Typography>
        {canRefund && refundableNow(detail) ? (
          <Button
            variant="outlined"
            color="warning"
            size="small"
            onClick={() => setRequestId(newRequestId())}
            data-testid="order-refund"
          >
            {t('adminRefunds.create.button')}
          </Button>
        ) : null}
      </Stack>
      <DetailField label={t('adminRefunds.refunded')} testId="order-refunded">
        {refunds.refunded}
      </DetailField>
      <DetailField label={t('adminRefunds.refundable')} testId="order-refundable">
        {refunds.refundable}
      </DetailField>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {refunds.list.map((refund) => (
          <RefundCard key={refund.id} refund={refund} />
        ))}
        {refunds.list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="order-refunds-none">
            {t('adminRefunds.none')}
          </Typography>
        ) : null}
      </Stack>
      {requestId !== null ? (
        <RefundDialog open detail={detail} requestId={requestId} onClose={() => setRequestId(null)} />
      ) : null}
    </Box>
  );
}
