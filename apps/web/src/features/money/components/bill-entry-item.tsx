import ChevronRight from '@mui/icons-material/ChevronRight';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TBillEntry } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { GameDeliveryStatus } from '../../../components/game-delivery-status';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';
import { formatDateTime } from '../lib/format-time';
import { billTypeKey } from '../../../lib/bill-labels';
import { SignedAmount } from './signed-amount';

/**
 * One ledger entry: type, memo, time (and, for a recharge, whether the player's game has the diamonds) on the left;
 * signed amount and the value after on the right.
 */
export function BillEntryItem({ entry, onOpen }: { entry: TBillEntry; onOpen: (entry: TBillEntry) => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = languageOf(i18n.language).htmlLang;
  const label = t(billTypeKey(entry.billType));
  const after = entry.currency === 1 ? `¥${entry.after}` : formatCount(Number(entry.after), locale);
  return (
    <ListItemButton
      onClick={() => onOpen(entry)}
      data-testid={`bill-entry-${entry.id}`}
      data-bill-type={entry.billType}
      data-bill-amount={String(entry.amount)}
      sx={{ gap: 1, px: 1.5, py: 1.25, alignItems: 'center' }}
    >
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap data-testid="bill-entry-type">
          {label}
        </Typography>
        {entry.memo && entry.memo !== label ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {entry.memo}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(entry.createdAt)}
        </Typography>
        {entry.gameDelivery ? (
          <GameDeliveryStatus state={entry.gameDelivery} testId={`bill-entry-game-${entry.id}`} />
        ) : null}
      </Stack>
      <Stack sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        <SignedAmount amount={entry.amount} currency={entry.currency} data-testid="bill-entry-amount" />
        <Typography variant="caption" color="text.secondary" noWrap>
          {t('money.flow.after', { value: after })}
        </Typography>
      </Stack>
      <ChevronRight
        fontSize="small"
        color="action"
        sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
        aria-hidden
      />
    </ListItemButton>
  );
}
