import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AGENT_LEVELS, ZAgentStatus } from '@promoter/contract';
import type { AdminAgentSort, AgentStatus } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminAgents } from '../api/get-admin-agents';
import type { AdminAgentFilter } from '../api/get-admin-agents';
import { paths } from '../../../config/paths';
import { AgentLink, AgentStatusChip, idOf, LevelText } from '../components/agent-labels';
import { ExportButton } from '../components/export-button';
import { FilterBar, FilterField, PagedTable, SortHeadCell } from '../components/filtered-table';
import { formatDateTime } from '../lib/format';
import { useFilteredPages, useServerSort } from '../lib/use-filtered-pages';

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
  const filters = useFilteredPages(EMPTY, { checks: { agentId: 'id', mobile: 'mobile', parentId: 'id' } });
  const sort = useServerSort<AdminAgentSort>({ sort: 'createdAt', order: 'desc' }, filters);
  const filter = agentFilterOf(filters.applied);
  const list = useAdminAgents({
    ...filter,
    ...sort.current,
    page: filters.page + 1,
    pageSize: filters.pageSize,
  });
  const rows = list.data?.list ?? [];
  const head = (column: AdminAgentSort, align?: 'right') => (
    <SortHeadCell key={column} column={column} sort={sort} align={align}>
      {t(`adminAgents.columns.${column}`)}
    </SortHeadCell>
  );
  const [idColumn, levelColumn, balanceColumn, diamondsColumn, createdColumn] = SORTABLE.map((c) =>
    head(c.sort, c.align),
  );

  return (
    <Stack spacing={2} data-testid="page-admin-agents">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('adminAgents.nav.agents')}
        </Typography>
        <ExportButton kind="agents" filters={filter} />
      </Stack>
      <FilterBar onApply={filters.apply} testId="agent-filters" applyTestId="agent-filter-apply">
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
        <FilterField
          select
          label={t('adminAgents.filters.level')}
          {...filters.field('level')}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">{t('admin.filters.all')}</MenuItem>
          {AGENT_LEVELS.map((level) => (
            <MenuItem key={level} value={String(level)}>
              <LevelText level={level} />
            </MenuItem>
          ))}
        </FilterField>
        <FilterField
          select
          label={t('adminAgents.filters.status')}
          {...filters.field('status')}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">{t('admin.filters.all')}</MenuItem>
          {ZAgentStatus.options.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`adminAgents.agentStatus.${status}`)}
            </MenuItem>
          ))}
        </FilterField>
        <FilterField
          label={t('adminAgents.filters.parentId')}
          {...filters.field('parentId')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </FilterBar>
      <PagedTable
        minWidth={960}
        testId="agent-table"
        columns={9}
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
        empty={list.isSuccess && rows.length === 0}
        emptyTestId="agent-table-empty"
        total={list.data?.total ?? 0}
        pager={filters}
        pageSizes={[10, 20, 50, 100]}
      >
        {rows.map((agent) => (
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
        ))}
      </PagedTable>
    </Stack>
  );
}
