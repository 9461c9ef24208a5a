import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { GameEventStatus } from '@promoter/contract';
import type { TFunction } from '../../../../i18n';
import { useTranslation } from '../../../../i18n/use-translation';

/**
 * An event that waits this long missed its first retries (about 5 s and 30 s): the lag shows in red and the dashboard's
 * tile says there is trouble.
 */
export const LATE_SECONDS = 120;

/** How long, as an operator reads it: seconds under two minutes, minutes under two hours, hours after. */
export function formatWait(t: TFunction, seconds: number | null): string {
  if (seconds === null || seconds <= 0) return t('adminGame.duration.none');
  if (seconds < 120) return t('adminGame.duration.seconds', { count: seconds });
  if (seconds < 7200) return t('adminGame.duration.minutes', { count: Math.floor(seconds / 60) });
  return t('adminGame.duration.hours', { count: Math.floor(seconds / 3600) });
}

/** Milliseconds, or a dash without a figure. */
export const formatMs = (t: TFunction, ms: number | null) =>
  ms === null ? '—' : t('adminGame.duration.ms', { count: ms });

const STATUS_COLORS: Record<GameEventStatus, ChipProps['color']> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'error',
};

export function GameEventStatusChip({ status }: { status: GameEventStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      label={t(`adminGame.events.status.${status}`)}
      data-testid="game-event-status"
      data-status={status}
    />
  );
}

/** An event's source in the operator's language (a source this version does not know: as written). */
export function sourceLabel(t: TFunction, source: { type: string; id: string }): string {
  const known = t(`adminGame.events.sources.${source.type}`, { defaultValue: source.type });
  return `${known} ${source.id}`;
}

/** A try's outcome: "HTTP 500 · 120 毫秒", or why there was no answer. */
export function attemptLabel(
  t: TFunction,
  attempt: { httpStatus: number | null; latencyMs: number; error?: string | null },
): string {
  const outcome =
    attempt.httpStatus === null
      ? (attempt.error ?? t('adminGame.test.noAnswer'))
      : `HTTP ${attempt.httpStatus}`;
  return `${outcome} · ${formatMs(t, attempt.latencyMs)}`;
}
