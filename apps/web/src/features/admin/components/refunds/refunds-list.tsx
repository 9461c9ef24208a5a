import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ZRefundStatus } from '@promoter/contract';
import type { RefundStatus } from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import { type AdminRefundFilter, useAdminRefunds } from '../../api/get-admin-refunds';
import { useCan } from '../../lib/can';
import { dateInputToIso, formatDateTime } from '../../lib/format';
import { useListPage } from '../../lib/use-list-page';
import { ChoiceFilter, FilterField } from '../filtered-table';
import { ListPage } from '../list-page';
import { RefundApprovals, RefundReviewActions, RefundStatusChip } from './refund-parts';

interface RefundFilterForm {
  status: RefundStatus | '';
  orderId: string;
  from: string;
  to: string;
}

/** Opens on the refunds that wait for a second operator: what a second operator comes here to find. */
const EMPTY: RefundFilterForm = { status: 'requested', orderId: '', from: '', to: '' };

/** The form's values as the call's filter: what is blank is left out. */
export function refundFilterOf(form: RefundFilterForm): Omit<AdminRefundFilter, 'page' | 'pageSize'> {
  return {
    status: form.status || undefined,
    orderId: form.orderId.trim().slice(0, 64) || undefined,
    from: dateInputToIso(form.from),
    to: dateInputToIso(form.to, true),
  };
}

/**
 * The refunds of every order (decision 043), newest first, by status (those waiting for a second operator first
 * shown), order and date, paged on the server; each row opens its order, and a waiting one is approved or rejected
 * here by an operator other than its maker.
 */
export function RefundsList({ onOpenOrder }: { onOpenOrder: (orderId: string) => void }) {
  const { t, i18n } = useTranslation();
  const canDecide = useCan('adminRefundApprove');
  const list = useListPage({
    empty: EMPTY,
    filterOf: refundFilterOf,
    useList: useAdminRefunds,
  });
  const { filters } = list;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <ListPage
      testId="admin-refunds"
      heading={null}
      view={list}
      filterBar={{ testId: 'refund-filters', applyTestId: 'refund-filter-apply' }}
      filters={
        <>
          <ChoiceFilter
            label={t('adminRefunds.fields.status')}
            {...filters.field('status')}
            choices={ZRefundStatus.options}
            labelOf={(status) => t(`adminRefunds.status.${status}`)}
            testIdOf={(status) => `refund-filter-status-${status}`}
          />
          <FilterField
            label={t('adminCatalog.orders.filters.orderId')}
            {...filters.field('orderId')}
            slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'refund-filter-order' } }}
          />
          <FilterField date label={t('admin.filters.from')} {...filters.field('from')} />
          <FilterField date label={t('admin.filters.to')} {...filters.field('to')} />
        </>
      }
      table={{
        minWidth: 980,
        testId: 'refund-table',
        columns: canDecide ? 8 : 7,
        emptyTestId: 'refund-table-empty',
        pageSizes: [20, 50, 100],
      }}
      head={
        <>
          <TableCell>{t('adminRefunds.fields.order')}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {t('adminRefunds.fields.amount')}
          </TableCell>
          <TableCell>{t('adminRefunds.fields.reason')}</TableCell>
          <TableCell>{t('adminRefunds.fields.status')}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('adminRefunds.fields.maker')}</TableCell>
          <TableCell>{t('adminRefunds.fields.approvals')}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('adminRefunds.fields.createdAt')}</TableCell>
          {canDecide ? <TableCell /> : null}
        </>
      }
      row={(refund) => (
        <TableRow key={refund.id} hover data-testid={`refund-row-${refund.id}`} data-status={refund.status}>
          <TableCell>
            <Button
              size="small"
              onClick={() => onOpenOrder(refund.orderId)}
              sx={{ fontFamily: 'monospace', textTransform: 'none', p: 0, minWidth: 0 }}
              data-testid={`refund-open-order-${refund.id}`}
            >
              {refund.orderId}
            </Button>
          </TableCell>
          <TableCell align="right">{refund.amount}</TableCell>
          <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>
            {refund.reason}
            {refund.remark ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('adminRefunds.fields.remark')}: {refund.remark}
              </Typography>
            ) : null}
            {refund.lastError ? (
              <Typography variant="caption" color="error" component="div">
                {refund.lastError}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell>
            <RefundStatusChip status={refund.status} />
            {refund.settledAt ? (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('adminRefunds.settledOn', { at: when(refund.settledAt) })}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell>{refund.createdBy.operatorName}</TableCell>
          <TableCell sx={{ maxWidth: 200 }}>
            <RefundApprovals refund={refund} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(refund.createdAt)}</TableCell>
          {canDecide ? (
            <TableCell>
              <RefundReviewActions refund={refund} />
            </TableCell>
          ) : null}
        </TableRow>
      )}
    />
  );
}
