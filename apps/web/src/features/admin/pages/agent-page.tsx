import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from '../../../router';
import { useAdminAgent } from '../api/get-admin-agent';
import { paths } from '../../../config/paths';
import { absCount } from '../../../lib/format';
import { AgentActions } from '../components/agent-actions';
import { AgentChildren } from '../components/agent-children';
import { AgentLink, AgentStatusChip, Fact, idOf, LevelText, PlayerLink } from '../components/agent-labels';
import { AgentLedger } from '../components/agent-ledger';
import { AgentSessions } from '../components/agent-sessions';
import { AuditHistory } from '../components/audit-parts';
import { EmptyRow } from '../components/empty-row';
import { useCan } from '../lib/can';
import { OrderSummaryTable } from '../components/order-summary-table';
import { WithdrawalStatusChip } from '../components/withdrawal-status';
import { formatDateTime } from '../lib/format';

const TABS = ['children', 'balance', 'diamonds', 'orders', 'withdrawals', 'sessions', 'history'] as const;
type AgentTab = (typeof TABS)[number];

function AgentPageOf({ agentId }: { agentId: number }) {
  const { t, i18n } = useTranslation();
  const detail = useAdminAgent(agentId);
  const [tab, setTab] = useState<AgentTab>('children');
  // The history is the audit log's: shown to a role that reads it.
  const canReadHistory = useCan('adminAuditList');
  if (detail.isPending) return <CircularProgress size={28} />;
  if (!detail.data)
    return (
      <Alert severity="error" data-testid="agent-page-missing">
        {t('adminAgents.page.notFound', { agentId })}
      </Alert>
    );
  const d = detail.data;
  const { agent } = d;
  return (
    <Stack
      spacing={2}
      data-testid="page-admin-agent"
      data-agent-id={agent.agentId}
      data-status={agent.status}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ mr: 1 }} data-testid="agent-page-title">
          {t('adminAgents.page.title', { nickname: agent.nickname, agentId: agent.agentId })}
        </Typography>
        <AgentStatusChip status={agent.status} />
      </Stack>
      {agent.status === 'frozen' && d.statusReason ? (
        <Alert severity="error" data-testid="agent-frozen-reason">
          {t('adminAgents.page.frozenBecause', { reason: d.statusReason })}
        </Alert>
      ) : null}
      <AgentActions agent={agent} parentLevel={d.parent?.level ?? null} />
      <Paper sx={{ p: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
          data-testid="agent-profile"
        >
          <Fact label={t('adminAgents.columns.level')} testId="agent-level">
            <LevelText level={agent.level} />
          </Fact>
          <Fact label={t('adminAgents.columns.parent')} testId="agent-parent">
            {d.parent ? (
              <AgentLink agentId={d.parent.agentId}>
                {d.parent.nickname} (#{d.parent.agentId})
              </AgentLink>
            ) : (
              t('adminAgents.page.noParent')
            )}
          </Fact>
          <Fact label={t('adminAgents.columns.balance')} testId="agent-balance">
            {agent.balance}
          </Fact>
          <Fact label={t('adminAgents.columns.diamonds')} testId="agent-diamonds">
            {agent.diamonds}
          </Fact>
          <Fact label={t('adminAgents.page.todayProfit')}>{d.today.profit}</Fact>
          <Fact label={t('adminAgents.page.todaySold')}>{absCount(d.today.diamondsSold)}</Fact>
          <Fact label={t('adminAgents.columns.children')}>{agent.childrenCount}</Fact>
          <Fact label={t('adminAgents.page.sessions')} testId="agent-active-sessions">
            {d.activeSessions}
          </Fact>
          <Fact label={t('adminAgents.columns.mobile')}>{agent.mobile ?? '-'}</Fact>
          <Fact label={t('adminAgents.page.playerId')}>
            <PlayerLink playerId={agent.playerId} />
          </Fact>
          <Fact label={t('adminAgents.columns.createdAt')}>
            {formatDateTime(agent.createdAt, i18n.language)}
          </Fact>
          {d.statusReason ? <Fact label={t('adminAgents.page.statusReason')}>{d.statusReason}</Fact> : null}
        </Box>
      </Paper>
      <Paper>
        <Tabs
          value={tab}
          onChange={(_, next: AgentTab) => setTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {TABS.filter((name) => name !== 'history' || canReadHistory).map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`adminAgents.tabs.${name}`)}
              data-testid={`agent-tab-${name}`}
            />
          ))}
        </Tabs>
      </Paper>
      {tab === 'children' ? <AgentChildren agentId={agent.agentId} /> : null}
      {tab === 'history' ? <AuditHistory targetType="agent" targetId={String(agent.agentId)} /> : null}
      {tab === 'balance' ? <AgentLedger key="balance" agentId={agent.agentId} currency="balance" /> : null}
      {tab === 'diamonds' ? <AgentLedger key="diamonds" agentId={agent.agentId} currency="diamonds" /> : null}
      {tab === 'orders' ? (
        <Paper>
          <OrderSummaryTable orders={d.recentOrders} />
        </Paper>
      ) : null}
      {tab === 'withdrawals' ? (
        <Paper sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 560 }} data-testid="agent-withdrawals-table">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell align="right">{t('adminAgents.columns.amount')}</TableCell>
                <TableCell>{t('adminAgents.columns.status')}</TableCell>
                <TableCell>{t('adminAgents.columns.time')}</TableCell>
                <TableCell>{t('adminAgents.columns.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.recentWithdrawals.map((w) => (
                <TableRow key={w.id}>
                  <TableCell>{w.id}</TableCell>
                  <TableCell align="right">{w.amount}</TableCell>
                  <TableCell>
                    <WithdrawalStatusChip status={w.status} />
                  </TableCell>
                  <TableCell>{formatDateTime(w.createdAt, i18n.language)}</TableCell>
                  <TableCell>{w.remark ?? ''}</TableCell>
                </TableRow>
              ))}
              <EmptyRow show={d.recentWithdrawals.length === 0} columns={5} />
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      {tab === 'sessions' ? <AgentSessions agentId={agent.agentId} /> : null}
    </Stack>
  );
}

/** `#/admin/agents/:agentId`: an agent's page, with what the operator's role may do to it. */
export function AgentPage() {
  const { t } = useTranslation();
  const params = useParams();
  const agentId = idOf(params.agentId ?? '');
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={Link} to={paths.admin.agents.getHref()} size="small" data-testid="agent-page-back">
          {t('adminAgents.page.back')}
        </Button>
      </Box>
      {agentId === undefined ? (
        <Alert severity="error">{t('adminAgents.page.notFound', { agentId: params.agentId ?? '' })}</Alert>
      ) : (
        <AgentPageOf key={agentId} agentId={agentId} />
      )}
    </Stack>
  );
}
