import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import MenuItem from '@mui/material/MenuItem';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminAudit } from '../api/get-admin-audit';
import { useAdminOperators } from '../api/get-admin-operators';
import { RequireCall } from '../components/admin-layout';
import { actionLabel, AuditChange, targetLabel } from '../components/audit-parts';
import { ExportButton } from '../components/export-button';
import { ChoiceFilter, FilterField, SortHeadCell } from '../components/filtered-table';
import { ListPage, PageHeading } from '../components/list-page';
import { dateInputToIso, formatDateTime } from '../lib/format';
import { useListPage } from '../lib/use-list-page';

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

/** The form's values as the call's filter: what is blank is left out. */
function auditFilterOf(form: AuditForm) {
  return {
    operatorId: form.operatorId ? Number(form.operatorId) : undefined,
    action: blankless(form.action),
    targetType: blankless(form.targetType),
    targetId: blankless(form.targetId),
    from: dateInputToIso(form.from),
    to: dateInputToIso(form.to, true),
  };
}

function Audit() {
  const { t, i18n } = useTranslation();
  const operators = useAdminOperators();
  const list = useListPage({
    empty: EMPTY,
    filterOf: auditFilterOf,
    sort: { sort: 'createdAt', order: 'desc' },
    useList: useAdminAudit,
  });
  const { filters, sort } = list;
  return (
    <ListPage
      testId="page-admin-audit"
      heading={
        <PageHeading title={t('admin.nav.audit')}>
          <ExportButton kind="audit" filters={list.filter} />
        </PageHeading>
      }
      view={list}
      filters={
        <>
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
          <ChoiceFilter
            label={t('admin.audit.action')}
            {...filters.field('action')}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-action' } }}
            allLabel={t('admin.audit.allActions')}
            choices={AUDIT_ACTIONS}
            labelOf={(action) => actionLabel(t, action)}
            testIdOf={(action) => `audit-action-${action}`}
          />
          <ChoiceFilter
            label={t('admin.audit.targetType')}
            {...filters.field('targetType')}
            allLabel={t('admin.audit.allTargets')}
            choices={AUDIT_TARGET_TYPES}
            labelOf={(type) => t(`admin.auditTargets.${type}`)}
          />
          <FilterField label={t('admin.audit.targetId')} {...filters.field('targetId')} />
          <FilterField date label={t('admin.filters.from')} {...filters.field('from')} />
          <FilterField date label={t('admin.filters.to')} {...filters.field('to')} />
        </>
      }
      table={{ minWidth: 900, testId: 'audit-table', columns: 6, pageSizes: [20, 50, 100] }}
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
      row={(entry) => (
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
      )}
    />
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
