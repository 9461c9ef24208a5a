import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@promoter/contract';
import type { AdminAuditSort } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { useAdminAudit } from '../api/get-admin-audit';
import { useAdminOperators } from '../api/get-admin-operators';
import { RequireCall } from '../components/admin-layout';
import { actionLabel, AuditChange, targetLabel } from '../components/audit-parts';
import { ExportButton } from '../components/export-button';
import { FilterBar, FilterField, PagedTable, SortHeadCell } from '../components/filtered-table';
import { dateInputToIso, formatDateTime } from '../lib/format';
import { useFilteredPages, useServerSort } from '../lib/use-filtered-pages';

interface AuditForm {
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

const EMPTY: AuditForm = { operatorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };
const blankless = (value: string) => value.trim() || undefined;

function Audit() {
  const { t, i18n } = useTranslation();
  const filters = useFilteredPages<AuditForm>(EMPTY);
  const { applied } = filters;
  const sort = useServerSort<AdminAuditSort>({ sort: 'createdAt', order: 'desc' }, filters);
  const operators = useAdminOperators();
  const filter = {
    operatorId: applied.operatorId ? Number(applied.operatorId) : undefined,
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
      <FilterBar onApply={filters.apply}>
        <FilterField
          select
          label={t('admin.audit.operator')}
          {...filters.field('operatorId')}
          slotProps={{ htmlInput: { 'data-testid': 'audit-filter-operator' } }}
        >
          <MenuItem value="">{t('admin.audit.allOperators')}</MenuItem>
          {(operators.data?.list ?? []).map((operator) => (
            <MenuItem key={operator.id} value={String(operator.id)}>
              {operator.name}
            </MenuItem>
          ))}
        </FilterField>
        <FilterField
          select
          label={t('admin.audit.action')}
          {...filters.field('action')}
          slotProps={{ htmlInput: { 'data-testid': 'audit-filter-action' } }}
        >
          <MenuItem value="">{t('admin.audit.allActions')}</MenuItem>
          {AUDIT_ACTIONS.map((action) => (
            <MenuItem key={action} value={action} data-testid={`audit-action-${action}`}>
              {actionLabel(t, action)}
            </MenuItem>
          ))}
        </FilterField>
        <FilterField select label={t('admin.audit.targetType')} {...filters.field('targetType')}>
          <MenuItem value="">{t('admin.audit.allTargets')}</MenuItem>
          {AUDIT_TARGET_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`admin.auditTargets.${type}`)}
            </MenuItem>
          ))}
        </FilterField>
        <FilterField label={t('admin.audit.targetId')} {...filters.field('targetId')} />
        <FilterField date label={t('admin.filters.from')} {...filters.field('from')} />
        <FilterField date label={t('admin.filters.to')} {...filters.field('to')} />
      </FilterBar>
      <PagedTable
        minWidth={900}
        testId="audit-table"
        columns={6}
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
            <TableCell>{t('admin.audit.change')}</TableCell>
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
            <TableCell>{actionLabel(t, entry.action)}</TableCell>
            <TableCell>{targetLabel(t, entry)}</TableCell>
            <TableCell>
              <AuditChange entry={entry} />
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Stack>
  );
}

/** `#/admin/audit`: the audit log, searched and paged on the server (right `audit.read`). */
export function AuditPage() {
  return (
    <RequireCall call="adminAuditList">
      <Audit />
    </RequireCall>
  );
}
