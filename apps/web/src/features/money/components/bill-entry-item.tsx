import type { TBillEntry } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { GameDeliveryStatus } from '../../../components/game-delivery-status';
import { languageOf } from '../../../i18n/languages';
import { billTypeKey } from '../../../lib/bill-labels';
import { formatCount } from '../../../lib/format';
import { ChevronRightIcon } from '../../../ui/icons/ChevronRightIcon';
import { ListItemButton } from '../../../ui/list';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { formatDateTime } from '../lib/format-time';
import styles from './bill-entry-item.module.css';
import { SignedAmount } from './signed-amount';

/**
 * One ledger entry: type, memo, time (and, for a recharge, whether the player's game has the diamonds) on the left;
 * signed amount and the value after on the right.
 */
export function BillEntryItem({ entry, onOpen }: { entry: TBillEntry; onOpen: (entry: TBillEntry) => void }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const label = t(billTypeKey(entry.billType));
  const after = entry.currency === 1 ? `¥${entry.after}` : formatCount(Number(entry.after), locale);
  return (
    <ListItemButton
      onClick={() => onOpen(entry)}
      data-testid={`bill-entry-${entry.id}`}
      data-bill-type={entry.billType}
      data-bill-amount={String(entry.amount)}
      className={styles.entry}
    >
      <Stack className={styles.main}>
        <Text variant="subtitle2" noWrap data-testid="bill-entry-type">
          {label}
        </Text>
        {entry.memo && entry.memo !== label ? (
          <Text variant="body2" color="textSecondary" noWrap>
            {entry.memo}
          </Text>
        ) : null}
        <Text variant="caption" color="textSecondary">
          {formatDateTime(entry.createdAt)}
        </Text>
        {entry.gameDelivery ? (
          <GameDeliveryStatus state={entry.gameDelivery} testId={`bill-entry-game-${entry.id}`} />
        ) : null}
      </Stack>
      <Stack alignItems="flex-end" className={styles.figures}>
        <SignedAmount amount={entry.amount} currency={entry.currency} data-testid="bill-entry-amount" />
        <Text variant="caption" color="textSecondary" noWrap>
          {t('money.flow.after', { value: after })}
        </Text>
      </Stack>
      <ChevronRightIcon fontSize="small" color="action" flipInRtl />
    </ListItemButton>
  );
}
