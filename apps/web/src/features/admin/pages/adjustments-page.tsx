import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ZAdjustmentOwnerType, ZAdjustmentStatus } from '@promoter/contract';
import type { AdjustmentStatus, TAdjustment } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminAdjustments } from '../api/get-admin-adjustments';
import type { AdminAdjustmentFilter } from '../api/get-admin-adjustments';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { useOperator } from '../../../lib/operator-session';
import { useCan } from '../lib/can';
import { useApproveAdjustment } from '../api/approve-adjustment';
import { useRejectAdjustment } from '../api/reject-adjustment';
import { AgentLink, idOf, PlayerLink } from '../components/agent-labels';
import { ExportButton } from '../components/export-button';
import { ChoiceFilter, FilterField, SortHeadCell } from '../components/filtered-table';
import { ListPage, PageHeading } from '../components/list-page';
import { ReasonDialog } from '../components/reason-dialog';
import { formatDateTime } from '../lib/format';
import { useListPage } from '../lib/use-list-page';

interface AdjustmentFilterForm {
  status: AdjustmentStatus | '';
  ownerType: 'agent' | 'player' | '';
  ownerId: string;
}

const EMPTY: AdjustmentFilterForm = { status: 'pending', ownerType: '', ownerId: '' };

export function adjustmentFilterOf(
  form: AdjustmentFilterForm,
): Omit<AdminAdjustmentFilter, 'page' | 'pageSize'> {
  return {
    status: form.status || undefined,
    ownerType: form.ownerType || undefined,
    ownerId: idOf(form.ownerId),
  };
}

const STATUS_COLORS: Record<AdjustmentStatus, ChipProps['color']> = {
  pending: 'warning',
  applied: 'success',
  rejected: 'default',
};

/** Who or what an adjustment changes, linked to its page. */
function OwnerCell({ adjustment }: { adjustment: TAdjustment }) {
  const { t } = useTranslation();
  const label = `${t(`adminAgents.adjustments.ownerType.${adjustment.ownerType}`)} #${adjustment.ownerId}`;
  return adjustment.ownerType === 'agent' ? (
    <AgentLink agentId={adjustment.ownerId}>{label}</AgentLink>
  ) : (
    <PlayerLink playerId={adjustment.ownerId}>{label}</PlayerLink>
  );
}

/**
 * Approve or refuse one pending adjustment (right `adjustments`). Its creator cannot approve it (two-person rule): the
 * button is disabled and says why.
 */
function PendingActions({ adjustment }: { adjustment: TAdjustment }) {
  const { t } = useTranslation();
  const me = useOperator();
  const approve = useApproveAdjustment();
  const reject = useRejectAdjustment();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const own = adjustment.createdBy.id === me?.id;
  const what = {
    id: adjustment.id,
    owner: `${t(`adminAgents.adjustments.ownerType.${adjustment.ownerType}`)} #${adjustment.ownerId}`,
    direction: t(`adminAgents.adjust.${adjustment.direction}`),
    amount: adjustment.amount,
    currency: t(`adminAgents.adjust.${adjustment.currency}`),
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          disabled={own || approve.isPending}
          onClick={() => setOpen('approve')}
          data-testid={`adjustment-approve-${adjustment.id}`}
        >
          {t('adminAgents.adjustments.approve')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={reject.isPending}
          onClick={() => setOpen('reject')}
          data-testid={`adjustment-reject-${adjustment.id}`}
        >
          {t('adminAgents.adjustments.reject')}
        </Button>
      </Stack>
      {own ? (
        <Typography variant="caption" color="text.secondary" data-testid={`adjustment-own-${adjustment.id}`}>
          {t('adminAgents.adjustments.ownApproval')}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={open === 'approve'}
        title={t('adminAgents.adjustments.approve')}
        message={t('adminAgents.adjustments.confirmApprove', what)}
        busy={approve.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() =>
          approve.mutate(adjustment.id, {
            onSuccess: (applied) =>
              notify.success(
                t('adminAgents.adjust.applied', { before: applied.before ?? '', after: applied.after ?? '' }),
              ),
            onSettled: () => setOpen(null),
          })
        }
      />
      <ReasonDialog
        open={open === 'reject'}
        title={t('adminAgents.adjustments.reject')}
        message={t('adminAgents.adjustments.confirmReject', what)}
        confirmLabel={t('adminAgents.adjustments.reject')}
        busy={reject.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={(reason) =>
          reject.mutate({ id: adjustment.id, reason }, { onSettled: () => setOpen(null) })
        }
        testId="adjustment-reject-dialog"
      />
    </Stack>
  );
}

/** `#/admin/adjustments`: manual adjustments by status and owner (pending ones first, oldest first), and their review. */
export function AdjustmentsPage() {
  const { t, i18n } = useTranslation();
  const canDecide = useCan('adminAdjustmentApprove');
  // Unsorted until a column is chosen: the server's order (pending ones oldest first).
  const list = useListPage({
    empty: EMPTY,
    checks: { ownerId: 'id' },
    filterOf: adjustmentFilterOf,
    useList: useAdminAdjustments,
  });
  const { filters, sort } = list;
  return (
    <ListPage
      testId="page-admin-adjustments"
      heading={
        <PageHeading title={t('adminAgents.nav.adjustments')}>
          <ExportButton kind="adjustments" filters={list.filter} />
        </PageHeading>
      }
      view={list}
      filterBar={{ testId: 'adjustment-filters' }}
      filters={
        <>
          <ChoiceFilter
            label={t('adminAgents.filters.status')}
            {...filters.field('status')}
            sx={{ minWidth: 120 }}
            choices={ZAdjustmentStatus.options}
            labelOf={(status) => t(`adminAgents.adjustments.status.${status}`)}
          />
          <ChoiceFilter
            label={t('adminAgents.filters.ownerType')}
            {...filters.field('ownerType')}
            sx={{ minWidth: 120 }}
            choices={ZAdjustmentOwnerType.options}
            labelOf={(type) => t(`adminAgents.adjustments.ownerType.${type}`)}
          />
          <FilterField
            label={t('adminAgents.filters.ownerId')}
            {...filters.field('ownerId')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </>
      }
      table={{
        minWidth: 1100,
        testId: 'adjustment-table',
        columns: canDecide ? 10 : 9,
        emptyTestId: 'adjustment-table-empty',
        pageSizes: [10, 20, 50, 100],
      }}
      head={
        <>
          <TableCell>#</TableCell>
          <TableCell>{t('adminAgents.columns.owner')}</TableCell>
          <TableCell align="right">{t('adminAgents.columns.amount')}</TableCell>
          <TableCell>{t('adminAgents.columns.reason')}</TableCell>
          <TableCell>{t('adminAgents.columns.status')}</TableCell>
          <TableCell>{t('adminAgents.columns.createdBy')}</TableCell>
          <TableCell>{t('adminAgents.columns.decidedBy')}</TableCell>
          <TableCell>{t('adminAgents.columns.beforeAfter')}</TableCell>
          <SortHeadCell column="createdAt" sort={sort}>
            {t('adminAgents.columns.time')}
          </SortHeadCell>
          {canDecide ? <TableCell /> : null}
        </>
      }
      row={(row) => (
        <TableRow key={row.id} data-testid={`adjustment-${row.id}`} data-status={row.status}>
          <TableCell>{row.id}</TableCell>
          <TableCell>
            <OwnerCell adjustment={row} />
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {row.direction === 'credit' ? '+' : '-'}
            {row.amount} {t(`adminAgents.adjust.${row.currency}`)}
          </TableCell>
          <TableCell>
            {row.reason}
            {row.rejectReason ? (
              <Typography variant="caption" color="error" component="div">
                {t('adminAgents.adjustments.rejectedBecause', { reason: row.rejectReason })}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell>
            <Chip
              size="small"
              color={STATUS_COLORS[row.status]}
              label={t(`adminAgents.adjustments.status.${row.status}`)}
            />
            {row.approvalsNeeded > 1 ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('adminAgents.adjustments.twoPerson')}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell>{row.createdBy.name}</TableCell>
          <TableCell>{row.decidedBy?.name ?? ''}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {row.before !== null && row.after !== null ? `${row.before} → ${row.after}` : ''}
          </TableCell>
          <TableCell>{formatDateTime(row.createdAt, i18n.language)}</TableCell>
          {canDecide ? (
            <TableCell>{row.status === 'pending' ? <PendingActions adjustment={row} /> : null}</TableCell>
          ) : null}
        </TableRow>
      )}
    />
  );
}
