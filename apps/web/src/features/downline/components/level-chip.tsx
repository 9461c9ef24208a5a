import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { AgentLevel } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { levelLabelKey } from '../../../lib/agent-level';

const COLORS: Record<AgentLevel, ChipProps['color']> = { 1: 'primary', 2: 'warning', 3: 'default' };

/** An agent's level as its label with the word for promoter: 钻石推广员, 黄金推广员, 白银推广员. */
export function LevelChip({ level, size = 'small' }: { level: AgentLevel; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      variant="outlined"
      color={COLORS[level]}
      label={t('level.withPromoter', { level: t(levelLabelKey(level)) })}
      sx={{ flexShrink: 0 }}
    />
  );
}
