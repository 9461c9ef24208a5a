import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { fenToMoney, MONEY_INPUT_PATTERN, moneyToFen, ZWithdrawalStatus } from '@promoter/contract';
import type { TAdminWithdrawal, WithdrawalStatus } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals';
import type { AdminWithdrawalFilter } from '../api/get-admin-withdrawals';
import { useCan } from '../lib/can';
import { useBatchReview } from '../api/batch-review';
import { BatchResult } from '../components/batch-result';
import { ExportButton } from '../components/export-button';
import { ChoiceFilter, FilterField, SortHeadCell } from '../components/filtered-table';
import { ListPage, PageHeading } from '../components/list-page';
import { type PayoutExportAnswer, PayoutExportDialog } from '../components/payouts/payout-export-dialog';
import { PayoutFilesPanel } from '../components/payouts/payout-files-panel';
import { exportable } from '../components/payouts/payout-parts';
import {
  PayoutExportResult,
  PayoutFilesButton,
  PayoutSelectionBar,
} from '../components/payouts/payout-selection';
import type { BatchAnswer } from '../components/batch-result';
import { ReviewDialog } from '../components/review-dialog';
import { WithdrawalDetail } from '../components/withdrawal-detail';
import { approvalState, HeldChip, WithdrawalStatusChip } from '../components/withdrawal-status';
import { PayoutBadge } from '../components/withdrawal-payout-badge';
import { dateInputToIso, formatDateTime } from '../lib/format';
import { useListPage } from '../lib/use-list-page';

interface FilterForm {
  status: WithdrawalStatus | '';
  agentId: string;
  minAmount: string;
  maxAmount: string;
  from: string;
  to: string;
}

const DECIMAL = { htmlInput: { inputMode: 'decimal' } } as const;

const EMPTY: FilterForm = { status: 'pending', agentId: '', minAmount: '', maxAmount: '', from: '', to: '' };

/** The form's values as the call's filter: what is blank or malformed is left out. */
export function filterOf(form: FilterForm): Omit<AdminWithdrawalFilter, 'page' | 'pageSize'> {
  const agentId = /^\d{1,9}$/.test(form.agentId.trim()) ? Number(form.agentId.trim()) : undefined;
  const money = (value: string) => (MONEY_INPUT_PATTERN.test(value.trim()) ? value.trim() : undefined);
  return {
    status: form.status || undefined,
    agentId: agentId && agentId > 0 ? agentId : undefined,
    minAmount: money(form.minAmount),
    maxAmount: money(form.maxAmount),
    from: dateInputToIso(form.from),
    to: dateInputToIso(form.to, true),
  };
}

/** `#/admin/withdrawals`: the daily job. The queue, filtered and paged on the server; one at a time or in batches. */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const canReview = useCan('adminWithdrawalBatchApprove');
  const canExport = useCan('adminPayoutBatchCreate');
  const [selected, setSelected] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [batch, setBatch] = useState<'approve' | 'reject' | null>(null);
  const [answer, setAnswer] = useState<BatchAnswer | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<PayoutExportAnswer | null>(null);
  const [payoutFiles, setPayoutFiles] = useState<{ batchId: string | null } | null>(null);
  // Unsorted until a column is chosen: the server's queue order (pending ones oldest first).
  const list = useListPage({
    empty: EMPTY,
    onMove: () => setSelected([]),
    checks: { agentId: 'id', minAmount: 'money', maxAmount: 'money' },
    filterOf,
    useList: useAdminWithdrawals,
  });
  const { filters, sort, rows } = list;
  const batchReview = useBatchReview();

  // A selection is of pending withdrawals (to review) or of approved ones to pay in a payout file (decision 044).
  const selectedRows = rows.filter((row) => selected.includes(row.id));
  const reviewable = (row: TAdminWithdrawal) => canReview && row.status === 'pending';
  const payable = (row: TAdminWithdrawal) => canExport && exportable(row);
  const kind = selectedRows.length === 0 ? null : selectedRows[0]?.status === 'pending' ? 'review' : 'payout';
  const selectableRow = (row: TAdminWithdrawal) =>
    kind === 'review' ? reviewable(row) : kind === 'payout' ? payable(row) : reviewable(row) || payable(row);
  // The head's box selects the kind chosen; with none, the pending ones (else the approved ones).
  const headKind = kind ?? (rows.some(reviewable) ? 'review' : 'payout');
  const selectable = rows.filter(headKind === 'review' ? reviewable : payable).map((row) => row.id);
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.includes(id));
  // What a batch would move, shown before it runs: the selection's count and total (decision 037).
  const selectedTotal = fenToMoney(
    rows.filter((row) => selected.includes(row.id)).reduce((sum, row) => sum + moneyToFen(row.amount), 0),
  );
  const totals = t('admin.batch.totals', { count: selected.length, amount: selectedTotal });
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  return (
    <ListPage
      testId="page-admin-withdrawals"
      heading={
        <PageHeading title={t('admin.nav.withdrawals')}>
          <PayoutFilesButton onClick={() => setPayoutFiles({ batchId: null })} />
          <ExportButton kind="withdrawals" filters={list.filter} />
        </PageHeading>
      }
      view={list}
      filterBar={{ testId: 'withdrawal-filters', applyTestId: 'filter-apply' }}
      filters={
        <>
          <ChoiceFilter
            label={t('admin.columns.status')}
            {...filters.field('status')}
            slotProps={{ htmlInput: { 'data-testid': 'filter-status' } }}
            choices={ZWithdrawalStatus.options}
            labelOf={(status) => t(`admin.status.${status}`)}
            testIdOf={(status) => `filter-status-${status}`}
          />
          <FilterField label={t('admin.filters.agentId')} {...filters.field('agentId')} />
          <FilterField
            label={t('admin.filters.minAmount')}
            {...filters.field('minAmount')}
            slotProps={DECIMAL}
          />
          <FilterField
            label={t('admin.filters.maxAmount')}
            {...filters.field('maxAmount')}
            slotProps={DECIMAL}
          />
          <FilterField date label={t('admin.filters.from')} {...filters.field('from')} />
          <FilterField date label={t('admin.filters.to')} {...filters.field('to')} />
        </>
      }
      aboveTable={
        <>
          {answer ? <BatchResult answer={answer} onClose={() => setAnswer(null)} /> : null}

          {exported ? (
            <PayoutExportResult
              answer={exported}
              onOpen={() => setPayoutFiles({ batchId: exported.batch.id })}
              onClose={() => setExported(null)}
            />
          ) : null}
          {kind === 'payout' ? (
            <PayoutSelectionBar rows={selectedRows.filter(payable)} onExport={() => setExporting(true)} />
          ) : null}
          {kind === 'review' ? (
            <Paper
              sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
              data-testid="batch-bar"
            >
              <Typography sx={{ flexGrow: 1 }} data-testid="batch-totals">
                {totals}
                {list.query.data
                  ? ` · ${t('admin.batch.filterTotal', { total: list.query.data.total })}`
                  : ''}
              </Typography>
              <Button variant="contained" onClick={() => setBatch('approve')} data-testid="batch-approve">
                {t('admin.batch.approve')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => setBatch('reject')}
                data-testid="batch-reject"
              >
                {t('admin.batch.reject')}
              </Button>
            </Paper>
          ) : null}
        </>
      }
      table={{
        minWidth: 880,
        testId: 'withdrawal-table',
        columns: 9,
        emptyTestId: 'withdrawal-table-empty',
        pageSizes: [10, 20, 50, 100],
      }}
      head={
        <>
          {canReview || canExport ? (
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected}
                disabled={selectable.length === 0}
                onChange={() => setSelected(allSelected ? [] : selectable)}
                slotProps={{
                  input: {
                    'aria-label':
                      headKind === 'review'
                        ? t('admin.batch.selectAll')
                        : t('adminPayouts.selection.selectAll'),
                  },
                }}
              />
            </TableCell>
          ) : null}
          <TableCell>#</TableCell>
          <TableCell>{t('admin.columns.agent')}</TableCell>
          <SortHeadCell column="amount" sort={sort} align="right">
            {t('admin.columns.amount')}
          </SortHeadCell>
          <TableCell align="right">{t('admin.columns.fee')}</TableCell>
          <TableCell>{t('admin.columns.account')}</TableCell>
          <TableCell>{t('admin.columns.status')}</TableCell>
          <TableCell>{t('admin.columns.approvals')}</TableCell>
          <SortHeadCell column="createdAt" sort={sort}>
            {t('admin.columns.createdAt')}
          </SortHeadCell>
        </>
      }
      row={(row) => {
        const approvals = approvalState(row);
        return (
          <TableRow
            key={row.id}
            hover
            onClick={() => setOpenId(row.id)}
            sx={{ cursor: 'pointer' }}
            data-testid={`admin-withdrawal-${row.id}`}
            data-status={row.status}
          >
            {canReview || canExport ? (
              <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  checked={selected.includes(row.id)}
                  disabled={!selectableRow(row)}
                  onChange={() => toggle(row.id)}
                  slotProps={{ input: { 'aria-label': t('admin.batch.select', { id: row.id }) } }}
                />
              </TableCell>
            ) : null}
            <TableCell>{row.id}</TableCell>
            <TableCell>
              {row.agentNickname} (#{row.agentId})
              {/* Beside the agent, where a phone's narrow table still shows it (the status is off to the right). */}
              <HeldChip withdrawal={row} />
            </TableCell>
            <TableCell align="right">{row.amount}</TableCell>
            <TableCell align="right">{row.fee}</TableCell>
            <TableCell>
              {t(`admin.account.${row.accountType}`)} · {row.accountName}
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                <WithdrawalStatusChip status={row.status} />
                <PayoutBadge withdrawal={row} />
              </Box>
            </TableCell>
            <TableCell>
              {approvals.given}/{approvals.needed}
              {approvals.needsSecond ? ` · ${t('admin.twoPerson.short')}` : ''}
            </TableCell>
            <TableCell>{formatDateTime(row.createdAt, i18n.language)}</TableCell>
          </TableRow>
        );
      }}
    >
      <Box>
        <WithdrawalDetail id={openId} onClose={() => setOpenId(null)} />
      </Box>
      <PayoutExportDialog
        open={exporting}
        rows={selectedRows.filter(payable)}
        onClose={() => setExporting(false)}
        onExported={(result, ids) => {
          setExporting(false);
          setExported(result);
          setSelected((current) => current.filter((id) => !ids.includes(id)));
        }}
      />
      <PayoutFilesPanel
        open={payoutFiles !== null}
        openId={payoutFiles?.batchId ?? null}
        onClose={() => setPayoutFiles(null)}
      />
      <ReviewDialog
        open={batch !== null}
        title={batch ? t(`admin.batch.${batch}`) : ''}
        message={batch ? `${t(`admin.batch.confirm_${batch}`, { count: selected.length })} ${totals}` : ''}
        textKind={batch === 'reject' ? 'reason' : 'none'}
        busy={batchReview.isPending}
        onCancel={() => setBatch(null)}
        onConfirm={(reason) => {
          if (!batch) return;
          const input =
            batch === 'approve'
              ? { action: 'approve' as const, ids: selected }
              : { action: 'reject' as const, ids: selected, reason };
          batchReview.mutate(input, {
            onSuccess: (result) => {
              setAnswer(result);
              setSelected([]);
            },
            onSettled: () => setBatch(null),
          });
        }}
      />
    </ListPage>
  );
}
