import type { AgentLevel } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { levelLabelKey } from '../../../lib/agent-level';
import { Chip } from '../../../ui/chip';
import type { ChipColor, ChipProps } from '../../../ui/chip';
import styles from './chips.module.css';

const COLORS: Record<AgentLevel, ChipColor> = { 1: 'primary', 2: 'warning', 3: 'default' };

/** An agent's level as its label with the word for promoter: 钻石推广员, 黄金推广员, 白银推广员. */
export function LevelChip({ level, size = 'small' }: { level: AgentLevel; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      variant="outlined"
      color={COLORS[level]}
      label={t('level.withPromoter', { level: t(levelLabelKey(level)) })}
      className={styles.chip}
    />
  );
}
