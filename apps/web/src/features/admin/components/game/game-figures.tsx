import Box from '@mui/material/Box';
import type { TGameOverview } from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import { languageOf } from '../../../../i18n/languages';
import { formatCount } from '../../../../lib/format';
import { cardGrid, FigureCard } from '../figure-card';
import { formatMs, formatWait, LATE_SECONDS } from './game-parts';

/** The game's figures now: the backlog and its lag, the queue, the last hour's deliveries and latency. */
export function GameFigures({ overview }: { overview: TGameOverview }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const count = (value: number) => formatCount(value, locale);
  const figures: { key: string; label: string; value: string; alert?: boolean }[] = [
    { key: 'pending', label: t('adminGame.figures.pending'), value: count(overview.pending) },
    {
      key: 'failed',
      label: t('adminGame.figures.failed'),
      value: count(overview.failed),
      alert: overview.failed > 0,
    },
    {
      key: 'lag',
      label: t('adminGame.figures.lag'),
      value: formatWait(t, overview.lagSeconds),
      alert: overview.lagSeconds >= LATE_SECONDS,
    },
    { key: 'queue', label: t('adminGame.figures.queueDepth'), value: count(overview.queueDepth) },
    {
      key: 'delivered-hour',
      label: t('adminGame.figures.deliveredLastHour'),
      value: count(overview.deliveredLastHour),
    },
    {
      key: 'failed-attempts-hour',
      label: t('adminGame.figures.failedAttemptsLastHour'),
      value: count(overview.failedAttemptsLastHour),
    },
    {
      key: 'latency',
      label: t('adminGame.figures.latency'),
      value: `${formatMs(t, overview.latencyP50Ms)} / ${formatMs(t, overview.latencyP99Ms)}`,
    },
  ];
  return (
    <Box sx={cardGrid(4)}>
      {figures.map(({ key, ...figure }) => (
        <FigureCard key={key} testId={`game-${key}`} {...figure} />
      ))}
    </Box>
  );
}
