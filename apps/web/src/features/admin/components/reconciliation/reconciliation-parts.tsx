import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type {
  ReconciliationKind,
  ReconciliationOutcome,
  ReconciliationRunStatus,
  TReconciliationItem,
  TReconciliationRun,
} from '@promoter/contract';
import type { TFunction } from '../../../../i18n';
import { useTranslation } from '../../../../i18n/use-translation';

const STATUS_COLORS: Record<ReconciliationRunStatus, ChipProps['color']> = {
  running: 'info',
  matched: 'success',
  mismatched: 'warning',
  failed: 'error',
};

/** A run's status as a chip: matched green, mismatched amber, failed red. */
export function RunStatusChip({ run, testId }: { run: TReconciliationRun; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[run.status]}
      label={t(`adminReconciliation.status.${run.status}`)}
      data-testid={testId}
      data-status={run.status}
    />
  );
}

/** An item's outcome as a chip: a mismatch in red until resolved, then grey. */
export function OutcomeChip({ item }: { item: TReconciliationItem }) {
  const { t } = useTranslation();
  const open = item.outcome !== 'matched' && item.resolvedAt === null;
  return (
    <Chip
      size="small"
      variant={item.outcome === 'matched' ? 'outlined' : 'filled'}
      color={item.outcome === 'matched' ? 'success' : open ? 'error' : 'default'}
      label={outcomeLabel(t, item.outcome)}
      data-testid={`recon-outcome-${item.id}`}
      data-outcome={item.outcome}
    />
  );
}

export const outcomeLabel = (t: TFunction, outcome: ReconciliationOutcome) =>
  t(`adminReconciliation.outcome.${outcome}`);

export const kindLabel = (t: TFunction, kind: ReconciliationKind) => t(`adminReconciliation.kind.${kind}`);

/** The provider's name as operators know it; an unknown one as it is written. */
export const providerLabel = (t: TFunction, provider: string) =>
  provider === 'wechat' || provider === 'sandbox' ? t(`adminReconciliation.provider.${provider}`) : provider;

/** How we hold the item's payment, refund or transfer now: the order's, the refund's or the withdrawal's status. */
export function ourStatusLabel(t: TFunction, item: TReconciliationItem): string {
  const status = item.ourStatus;
  if (status === null) return '—';
  if (item.kind === 'payment')
    return t(`adminCatalog.orders.status.${status}` as never, { defaultValue: status });
  if (item.kind === 'refund') return t(`adminRefunds.status.${status}` as never, { defaultValue: status });
  return t(`admin.status.${status}` as never, { defaultValue: status });
}

/** Theirs less ours, in yuan with two decimals; null unless both sides have it. */
export function differenceOf(item: Pick<TReconciliationItem, 'ours' | 'theirs'>): string | null {
  if (item.ours === null || item.theirs === null) return null;
  const fen = (money: string) => {
    const [whole = '0', cents = '00'] = money.replace('-', '').split('.');
    const value = Number(whole) * 100 + Number(cents);
    return money.startsWith('-') ? -value : value;
  };
  const diff = fen(item.theirs) - fen(item.ours);
  const abs = Math.abs(diff);
  return `${diff < 0 ? '-' : diff > 0 ? '+' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
