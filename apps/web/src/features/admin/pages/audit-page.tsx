import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminAuditSort } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { useAdminAudit } from '../../../api/get-admin-audit';
import { RequireRight } from '../components/admin-layout';
import { ExportButton } from '../components/export-button';
import { FilterBar, FilterField, PagedTable, SortHeadCell } from '../components/filtered-table';
import { dateInputToIso, formatDateTime } from '../lib/format';
import { useFilteredPages, useServerSort } from '../lib/use-filtered-pages';

interface AuditForm {
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

const EMPTY: AuditForm = { action: '', targetType: '', targetId: '', from: '', to: '' };
const blankless = (value: string) => value.trim() || undefined;
const CHANGE_CELL = { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } as const;

function change(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

function Audit() {
  const { t, i18n } = useTranslation();
  const filters = useFilteredPages<AuditForm>(EMPTY);
  const { applied } = filters;
  const sort = useServerSort<AdminAuditSort>({ sort: 'createdAt', order: 'desc' }, filters);
  const filter = {
    action: blankless(applied.action),
    targetType: blankless(applied.targetType),
    targetId: blankless(applied.targetId),
    from: dateInputToIso(applied.from),
    to: dateInputToIso(applied.to, true),
  };
  const list = useAdminAudit({
    ...filter,
    ...sort.current,
    page: filters.page + 1,
    pageSize: filters.pageSize,
  });
  return (
    <Stack spacing={2} data-testid="page-admin-audit">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('admin.nav.audit')}
        </Typography>
        <ExportButton kind="audit" filters={filter} />
      </Stack>
      <FilterBar columns={6} onApply={filters.apply}>
        <FilterField label={t('admin.audit.action')} {...filters.field('action')} />
        <FilterField label={t('admin.audit.targetType')} {...filters.field('targetType')} />
        <FilterField label={t('admin.audit.targetId')} {...filters.field('targetId')} />
        <FilterField date label={t('admin.filters.from')} {...filters.field('from')} />
        <FilterField date label={t('admin.filters.to')} {...filters.field('to')} />
      </FilterBar>
      <PagedTable
        minWidth={900}
        testId="audit-table"
        columns={7}
        head={
          <>
            <SortHeadCell column="createdAt" sort={sort}>
              {t('admin.audit.at')}
            </SortHeadCell>
            <SortHeadCell column="operator" sort={sort}>
              {t('admin.audit.operator')}
            </SortHeadCell>
            <TableCell>{t('admin.audit.address')}</TableCell>
            <SortHeadCell column="action" sort={sort}>
              {t('admin.audit.action')}
            </SortHeadCell>
            <TableCell>{t('admin.audit.target')}</TableCell>
            <TableCell>{t('admin.audit.before')}</TableCell>
            <TableCell>{t('admin.audit.after')}</TableCell>
          </>
        }
        empty={list.isSuccess && list.data.list.length === 0}
        total={list.data?.total ?? 0}
        pager={filters}
        pageSizes={[20, 50, 100]}
      >
        {(list.data?.list ?? []).map((entry) => (
          <TableRow key={entry.id} data-testid="audit-row" data-action={entry.action}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, i18n.language)}</TableCell>
            <TableCell>{entry.operatorName}</TableCell>
            <TableCell>{entry.address}</TableCell>
            <TableCell>{entry.action}</TableCell>
            <TableCell>{entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : ''}</TableCell>
            <TableCell sx={CHANGE_CELL}>{change(entry.before)}</TableCell>
            <TableCell sx={CHANGE_CELL}>{change(entry.after)}</TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Stack>
  );
}

/** `#/admin/audit`: the audit log, searched and paged on the server (right `audit.read`). */
export function AuditPage() {
  return (
    <RequireRight right="audit.read">
      <Audit />
    </RequireRight>
  );
}
