import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { AGENT_LEVELS, ZAgentStatus } from '@promoter/contract';
import type { AdminAgentSort, AgentStatus } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../router';
import { useAdminAgents } from '../api/get-admin-agents';
import type { AdminAgentFilter } from '../api/get-admin-agents';
import { paths } from '../../../config/paths';
import { AgentLink, AgentStatusChip, idOf, LevelText } from '../components/agent-labels';
import { ExportButton } from '../components/export-button';
import { ChoiceFilter, FilterField, SortHeadCell } from '../components/filtered-table';
import { ListPage, PageHeading } from '../components/list-page';
import { formatDateTime } from '../lib/format';
import { useListPage } from '../lib/use-list-page';

interface AgentFilterForm {
  agentId: string;
  nickname: string;
  mobile: string;
  level: string;
  status: AgentStatus | '';
  parentId: string;
}

const EMPTY: AgentFilterForm = { agentId: '', nickname: '', mobile: '', level: '', status: '', parentId: '' };

/** The form's values as the call's filter: what is blank or malformed is left out. */
export function agentFilterOf(
  form: AgentFilterForm,
): Omit<AdminAgentFilter, 'page' | 'pageSize' | 'sort' | 'order'> {
  const level = Number(form.level);
  const mobile = form.mobile.trim();
  return {
    agentId: idOf(form.agentId),
    nickname: form.nickname.trim() || undefined,
    mobile: /^\d{1,11}$/.test(mobile) ? mobile : undefined,
    level: level === 1 || level === 2 || level === 3 ? level : undefined,
    status: form.status || undefined,
    parentId: idOf(form.parentId),
  };
}

const SORTABLE: { sort: AdminAgentSort; align?: 'right' }[] = [
  { sort: 'agentId' },
  { sort: 'level' },
  { sort: 'balance', align: 'right' },
  { sort: 'diamonds', align: 'right' },
  { sort: 'createdAt' },
];

/** `#/admin/agents`: every agent, searched, sorted and paged on the server; a row opens the agent's page. */
export function AgentsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage({
    empty: EMPTY,
    checks: { agentId: 'id', mobile: 'mobile', parentId: 'id' },
    filterOf: agentFilterOf,
    sort: { sort: 'createdAt', order: 'desc' },
    useList: useAdminAgents,
  });
  const { filters, sort } = list;
  const head = (column: AdminAgentSort, align?: 'right') => (
    <SortHeadCell key={column} column={column} sort={sort} align={align}>
      {t(`adminAgents.columns.${column}`)}
    </SortHeadCell>
  );
  const [idColumn, levelColumn, balanceColumn, diamondsColumn, createdColumn] = SORTABLE.map((c) =>
    head(c.sort, c.align),
  );

  return (
    <ListPage
      testId="page-admin-agents"
      heading={
        <PageHeading title={t('adminAgents.nav.agents')}>
          <ExportButton kind="agents" filters={list.filter} />
        </PageHeading>
      }
      view={list}
      filterBar={{ testId: 'agent-filters', applyTestId: 'agent-filter-apply' }}
      filters={
        <>
          <FilterField
            label={t('adminAgents.filters.agentId')}
            {...filters.field('agentId')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'agent-filter-id' } }}
          />
          <FilterField
            label={t('adminAgents.filters.nickname')}
            {...filters.field('nickname')}
            slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'agent-filter-nickname' } }}
          />
          <FilterField
            label={t('adminAgents.filters.mobile')}
            {...filters.field('mobile')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
          />
          <ChoiceFilter
            label={t('adminAgents.filters.level')}
            {...filters.field('level')}
            sx={{ minWidth: 120 }}
            choices={AGENT_LEVELS}
            labelOf={(level) => <LevelText level={level} />}
          />
          <ChoiceFilter
            label={t('adminAgents.filters.status')}
            {...filters.field('status')}
            sx={{ minWidth: 120 }}
            choices={ZAgentStatus.options}
            labelOf={(status) => t(`adminAgents.agentStatus.${status}`)}
          />
          <FilterField
            label={t('adminAgents.filters.parentId')}
            {...filters.field('parentId')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </>
      }
      table={{
        minWidth: 960,
        testId: 'agent-table',
        columns: 9,
        emptyTestId: 'agent-table-empty',
        pageSizes: [10, 20, 50, 100],
      }}
      head={
        <>
          {idColumn}
          <TableCell>{t('adminAgents.columns.nickname')}</TableCell>
          <TableCell>{t('adminAgents.columns.mobile')}</TableCell>
          {levelColumn}
          <TableCell>{t('adminAgents.columns.status')}</TableCell>
          <TableCell>{t('adminAgents.columns.parent')}</TableCell>
          {balanceColumn}
          {diamondsColumn}
          {createdColumn}
        </>
      }
      row={(agent) => (
        <TableRow
          key={agent.agentId}
          hover
          onClick={() => void navigate(paths.admin.agent.getHref(agent.agentId))}
          sx={{ cursor: 'pointer' }}
          data-testid={`admin-agent-${agent.agentId}`}
        >
          <TableCell>
            <AgentLink agentId={agent.agentId} />
          </TableCell>
          <TableCell>{agent.nickname}</TableCell>
          <TableCell>{agent.mobile ?? ''}</TableCell>
          <TableCell>
            <LevelText level={agent.level} />
          </TableCell>
          <TableCell>
            <AgentStatusChip status={agent.status} />
          </TableCell>
          <TableCell>{agent.parentId === null ? '' : <AgentLink agentId={agent.parentId} />}</TableCell>
          <TableCell align="right">{agent.balance}</TableCell>
          <TableCell align="right">{agent.diamonds}</TableCell>
          <TableCell>{formatDateTime(agent.createdAt, i18n.language)}</TableCell>
        </TableRow>
      )}
    />
  );
}
