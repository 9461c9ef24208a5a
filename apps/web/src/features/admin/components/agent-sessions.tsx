import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminAgentSessions } from '../api/get-admin-agent-sessions';
import { formatDateTime } from '../lib/format';
import { useFilteredPages } from '../lib/use-filtered-pages';
import { PagedTable } from './filtered-table';

/**
 * An agent's live sessions: the device and address each began on, when it began, was last used and ends; never a
 * token. "End all sessions" is among the agent's actions.
 */
export function AgentSessions({ agentId }: { agentId: number }) {
  const { t, i18n } = useTranslation();
  // No filter: only the page moves.
  const pager = useFilteredPages<Record<never, string>>({});
  const list = useAdminAgentSessions({ agentId, page: pager.page + 1, pageSize: pager.pageSize });
  const rows = list.data?.list ?? [];
  return (
    <PagedTable
      minWidth={760}
      testId="agent-sessions-table"
      columns={6}
      head={
        <>
          <TableCell>#</TableCell>
          <TableCell>{t('adminAgents.columns.started')}</TableCell>
          <TableCell>{t('adminAgents.columns.lastSeen')}</TableCell>
          <TableCell>{t('adminAgents.columns.expires')}</TableCell>
          <TableCell>{t('adminAgents.columns.device')}</TableCell>
          <TableCell>{t('adminAgents.columns.address')}</TableCell>
        </>
      }
      empty={list.isSuccess && rows.length === 0}
      total={list.data?.total ?? 0}
      pager={pager}
      pageSizes={[20, 50, 100]}
    >
      {rows.map((row) => (
        <TableRow key={row.id} data-testid="agent-session-row">
          <TableCell>{row.id}</TableCell>
          <TableCell>{formatDateTime(row.createdAt, i18n.language)}</TableCell>
          <TableCell>{formatDateTime(row.lastSeenAt, i18n.language)}</TableCell>
          <TableCell>{formatDateTime(row.expiresAt, i18n.language)}</TableCell>
          <TableCell>{row.device || '-'}</TableCell>
          <TableCell>{row.address || '-'}</TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
