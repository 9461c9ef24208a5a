import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ZId } from '@promoter/contract';
import type { AgentLevel, AgentStatus } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../router';
import { paths } from '../../../config/paths';
import { levelLabelKey } from '../../../lib/agent-level';

const STATUS_COLORS: Record<AgentStatus, ChipProps['color']> = {
  active: 'success',
  frozen: 'error',
  pending: 'warning',
  refused: 'default',
};

export function AgentStatusChip({ status }: { status: AgentStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      label={t(`adminAgents.agentStatus.${status}`)}
      data-testid="agent-status"
      data-status={status}
    />
  );
}

/** A level as its number and name: "2 · 黄金". */
export function LevelText({ level }: { level: number }) {
  const { t } = useTranslation();
  const known = level === 1 || level === 2 || level === 3;
  return <>{known ? `${level} · ${t(levelLabelKey(level as AgentLevel))}` : level}</>;
}

/** A link to an agent's page in the console. */
export function AgentLink({ agentId, children }: { agentId: number; children?: ReactNode }) {
  return (
    <Link to={paths.admin.agent.getHref(agentId)} onClick={(event) => event.stopPropagation()}>
      {children ?? `#${agentId}`}
    </Link>
  );
}

/** A link to a player's page in the console. */
export function PlayerLink({ playerId, children }: { playerId: number; children?: ReactNode }) {
  return (
    <Link to={paths.admin.player.getHref(playerId)} onClick={(event) => event.stopPropagation()}>
      {children ?? `#${playerId}`}
    </Link>
  );
}

/** One labelled figure of a profile card. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ wordBreak: 'break-all' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** An id typed in a field (digits only, the contract's ZId), or undefined when it is blank or malformed. */
export function idOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const parsed = ZId.safeParse(trimmed);
  return parsed.success ? parsed.data : undefined;
}
