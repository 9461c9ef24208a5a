import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS, type AuditAction, type AuditTargetType, type TAuditEntry } from '@promoter/contract';
import type { TFunction } from '../../../i18n';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminAudit } from '../api/get-admin-audit';
import { useCan } from '../lib/can';
import { formatDateTime } from '../lib/format';

/**
 * The audit log as a person reads it (decision 037): each action in the operator's language, each change as
 * "field: before → after" with its reason (and what the agent was told) set apart.
 */

const isKnownAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** An action's key in the locale files: its dots become underscores (the translator reads dots as nesting). */
type Underscored<S extends string> = S extends `${infer Head}.${infer Tail}`
  ? `${Head}_${Underscored<Tail>}`
  : S;
const actionKey = (action: AuditAction) =>
  `admin.auditActions.${action.replace(/\./g, '_') as Underscored<AuditAction>}` as const;

/** An action's name in the operator's language (an action this version does not know: as recorded). */
export function actionLabel(t: TFunction, action: string): string {
  return isKnownAction(action) ? t(actionKey(action)) : action;
}

/** What an entry is about: "Withdrawal 42". */
export function targetLabel(t: TFunction, entry: Pick<TAuditEntry, 'targetType' | 'targetId'>): string {
  if (!entry.targetType) return '';
  const type = entry.targetType as AuditTargetType;
  const known = t(`admin.auditTargets.${type}`, { defaultValue: entry.targetType });
  return `${known} ${entry.targetId ?? ''}`.trim();
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const shown = (value: unknown): string =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields set apart from the change: why, and what the agent was told. */
const SET_APART = new Set(['reason', 'notice']);

/** One entry's change: the fields that differ (or were recorded), then its reason and notice. */
export function AuditChange({ entry }: { entry: Pick<TAuditEntry, 'before' | 'after'> }) {
  const { t } = useTranslation();
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !SET_APART.has(key),
  );
  const lines = fields
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) =>
      key in before ? `${key}: ${shown(before[key])} → ${shown(after[key])}` : `${key}: ${shown(after[key])}`,
    );
  return (
    <Box sx={{ fontSize: 13, wordBreak: 'break-word' }} data-testid="audit-change">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
      {typeof after.reason === 'string' ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="audit-reason">
          {t('admin.audit.reason')}: {after.reason}
        </Typography>
      ) : null}
      {typeof after.notice === 'string' ? (
        <Typography variant="body2" color="text.secondary">
          {t('admin.audit.notice')}: {after.notice}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The history of one agent, withdrawal or operator: its audit entries, newest first (shown to a role that reads the
 * audit log; the others do not see the tab's content).
 */
export function AuditHistory(props: { targetType: AuditTargetType; targetId: string; title?: string }) {
  const { targetType, targetId, title } = props;
  const { t, i18n } = useTranslation();
  const allowed = useCan('adminAuditList');
  const history = useAdminAudit({ targetType, targetId, page: 1, pageSize: 50 }, allowed);
  if (!allowed) return null;
  const entries = history.data?.list ?? [];
  return (
    <>
      {title ? (
        <Typography variant="subtitle1" sx={{ mt: 2 }} gutterBottom>
          {title}
        </Typography>
      ) : null}
      <Paper sx={{ overflowX: 'auto' }} data-testid="audit-history">
        <Table size="small" sx={{ minWidth: 520 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.audit.at')}</TableCell>
              <TableCell>{t('admin.audit.operator')}</TableCell>
              <TableCell>{t('admin.audit.action')}</TableCell>
              <TableCell>{t('admin.audit.change')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-history-row" data-action={entry.action}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, i18n.language)}</TableCell>
                <TableCell>{entry.operatorName}</TableCell>
                <TableCell>{actionLabel(t, entry.action)}</TableCell>
                <TableCell>
                  <AuditChange entry={entry} />
                </TableCell>
              </TableRow>
            ))}
            {history.isSuccess && entries.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary">{t('admin.audit.historyEmpty')}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
