import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminAgentLedger } from '../api/get-admin-agent-ledger';
import { BILL_TYPES, billTypeKey } from '../../../lib/bill-labels';
import { dateInputToIso, formatDateTime } from '../lib/format';
import { useFilteredPages } from '../lib/use-filtered-pages';
import { ExportButton } from './export-button';
import { FilterBar, FilterField, PagedTable } from './filtered-table';

interface LedgerForm {
  billType: string;
  from: string;
  to: string;
}

const EMPTY: LedgerForm = { billType: '', from: '', to: '' };

/** One currency of an agent's ledger: filtered by bill type and dates, paged on the server, exported as filtered. */
export function AgentLedger({ agentId, currency }: { agentId: number; currency: 'balance' | 'diamonds' }) {
  const { t, i18n } = useTranslation();
  const filters = useFilteredPages(EMPTY);
  const billType = Number(filters.applied.billType);
  const filter = {
    agentId,
    currency,
    billType: BILL_TYPES.some((type) => type === billType) ? billType : undefined,
    from: dateInputToIso(filters.applied.from),
    to: dateInputToIso(filters.applied.to, true),
  };
  const list = useAdminAgentLedger({ ...filter, page: filters.page + 1, pageSize: filters.pageSize });
  const rows = list.data?.list ?? [];
  return (
    <Stack spacing={2} data-testid={`agent-ledger-${currency}`}>
      <FilterBar onApply={filters.apply}>
        <FilterField select label={t('adminAgents.filters.billType')} {...filters.field('billType')}>
          <MenuItem value="">{t('admin.filters.all')}</MenuItem>
          {BILL_TYPES.map((type) => (
            <MenuItem key={type} value={String(type)}>
              {t(billTypeKey(type))}
            </MenuItem>
          ))}
        </FilterField>
        <FilterField date label={t('admin.filters.from')} {...filters.field('from')} />
        <FilterField date label={t('admin.filters.to')} {...filters.field('to')} />
      </FilterBar>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {list.data?.totalIsLowerBound
            ? t('adminAgents.ledger.atLeast', { count: list.data.total })
            : t('adminAgents.ledger.count', { count: list.data?.total ?? 0 })}
        </Typography>
        <ExportButton kind="ledger" filters={filter} />
      </Stack>
      <PagedTable
        minWidth={760}
        testId={`agent-ledger-table-${currency}`}
        columns={6}
        head={
          <>
            <TableCell>{t('adminAgents.columns.time')}</TableCell>
            <TableCell>{t('adminAgents.filters.billType')}</TableCell>
            <TableCell align="right">{t('adminAgents.columns.amount')}</TableCell>
            <TableCell align="right">{t('adminAgents.columns.after')}</TableCell>
            <TableCell>{t('adminAgents.columns.memo')}</TableCell>
            <TableCell>{t('adminAgents.columns.reference')}</TableCell>
          </>
        }
        empty={list.isSuccess && rows.length === 0}
        total={list.data?.total ?? 0}
        pager={filters}
        pageSizes={[20, 50, 100]}
      >
        {rows.map((entry) => (
          <TableRow key={entry.id} data-testid="agent-ledger-row">
            <TableCell>{formatDateTime(entry.createdAt, i18n.language)}</TableCell>
            <TableCell>{t(billTypeKey(entry.billType))}</TableCell>
            <TableCell
              align="right"
              sx={{ color: entry.amount.startsWith('-') ? 'error.main' : 'success.main' }}
            >
              {entry.amount}
            </TableCell>
            <TableCell align="right">{entry.after}</TableCell>
            <TableCell>{entry.memo}</TableCell>
            <TableCell sx={{ color: 'text.secondary' }}>
              {entry.refType}:{entry.refId}
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Stack>
  );
}
