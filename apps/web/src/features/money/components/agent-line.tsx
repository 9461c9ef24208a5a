import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AgentLevel } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { levelLabelKey } from '../../../lib/agent-level';

export interface AgentChoice {
  agentId: number;
  nickname: string;
  avatar?: string;
  level: AgentLevel;
  teamSize: number;
  /** How deep under the caller: 1 a direct child, 2 a grandchild. */
  depth: number;
}

/** An agent of the downline: nickname, id, level and team size. */
export function AgentLine({ agent }: { agent: AgentChoice }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
      <Avatar src={agent.avatar || undefined} alt={agent.nickname}>
        {agent.nickname.slice(0, 1)}
      </Avatar>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap>
            {agent.nickname}
          </Typography>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={t('level.withPromoter', { level: t(levelLabelKey(agent.level)) })}
            sx={{ flexShrink: 0 }}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap>
          {t('money.common.agentId', { id: agent.agentId })} ·{' '}
          {t('money.transfer.teamSize', { size: agent.teamSize })}
        </Typography>
      </Stack>
    </Stack>
  );
}
