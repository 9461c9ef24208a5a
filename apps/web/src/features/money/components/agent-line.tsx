import type { AgentLevel } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { levelLabelKey } from '../../../lib/agent-level';
import { Chip } from '../../../ui/chip';
import styles from './agent-line.module.css';
import { PersonLine } from './person-line';

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
    <PersonLine
      avatar={agent.avatar}
      nickname={agent.nickname}
      chip={
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={t('level.withPromoter', { level: t(levelLabelKey(agent.level)) })}
          className={styles.level}
        />
      }
      details={
        <>
          {t('money.common.agentId', { id: agent.agentId })} ·{' '}
          {t('money.transfer.teamSize', { size: agent.teamSize })}
        </>
      }
    />
  );
}
