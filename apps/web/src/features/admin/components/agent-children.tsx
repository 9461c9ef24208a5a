import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../router';
import { useAdminAgents } from '../api/get-admin-agents';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../lib/format';
import { useFilteredPages } from '../lib/use-filtered-pages';
import { AgentLink, AgentStatusChip, LevelText } from './agent-labels';
import { PagedTable } from './filtered-table';

/** An agent's direct children (the agents list by parent), paged on the server; a row opens the child's page. */
export function AgentChildren({ agentId }: { agentId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // No filter: only the page moves.
  const pager = useFilteredPages<Record<never, string>>({});
  const list = useAdminAgents({ parentId: agentId, page: pager.page + 1, pageSize: pager.pageSize });
  const rows = list.data?.list ?? [];
  return (
    <PagedTable
      minWidth={720}
      testId="agent-children-table"
      columns={7}
      head={
        <>
          <TableCell>{t('adminAgents.columns.agentId')}</TableCell>
          <TableCell>{t('adminAgents.columns.nickname')}</TableCell>
          <TableCell>{t('adminAgents.columns.level')}</TableCell>
          <TableCell>{t('adminAgents.columns.status')}</TableCell>
          <TableCell align="right">{t('adminAgents.columns.children')}</TableCell>
          <TableCell align="right">{t('adminAgents.columns.balance')}</TableCell>
          <TableCell>{t('adminAgents.columns.createdAt')}</TableCell>
        </>
      }
      empty={list.isSuccess && rows.length === 0}
      total={list.data?.total ?? 0}
      pager={pager}
      pageSizes={[20, 50, 100]}
    >
      {rows.map((child) => (
        <TableRow
          key={child.agentId}
          hover
          sx={{ cursor: 'pointer' }}
          onClick={() => void navigate(paths.admin.agent.getHref(child.agentId))}
          data-testid={`agent-child-${child.agentId}`}
        >
          <TableCell>
            <AgentLink agentId={child.agentId} />
          </TableCell>
          <TableCell>{child.nickname}</TableCell>
          <TableCell>
            <LevelText level={child.level} />
          </TableCell>
          <TableCell>
            <AgentStatusChip status={child.status} />
          </TableCell>
          <TableCell align="right">{child.childrenCount}</TableCell>
          <TableCell align="right">{child.balance}</TableCell>
          <TableCell>{formatDateTime(child.createdAt, i18n.language)}</TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
