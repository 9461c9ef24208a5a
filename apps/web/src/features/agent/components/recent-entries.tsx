import type { TBillEntry } from '@promoter/contract';
import { formatLocal } from '../../../lib/date-time';
import { useTranslation } from '../../../i18n/use-translation';
import { GameDeliveryStatus } from '../../../components/game-delivery-status';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { billTypeKey, currencyKey } from '../../../lib/bill-labels';
import { useRecentBill } from '../../../api/get-recent-bill';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ChevronRightIcon } from '../../../ui/icons/ChevronRightIcon';
import { List, ListItem, ListItemButton } from '../../../ui/list';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './recent-entries.module.css';

function signedAmount(entry: TBillEntry): string {
  const text = String(entry.amount);
  const negative = text.startsWith('-');
  const abs = negative ? text.slice(1) : text;
  return `${negative ? '-' : '+'}${entry.currency === 1 ? '¥' : ''}${abs}`;
}

/** The agent's ten newest movements, each opening its detail. */
export function RecentEntries() {
  const { t } = useTranslation();
  const query = useRecentBill();
  const entries = query.data ?? [];
  return (
    <Stack spacing={1.5} component="section" data-testid="main-recent-bill">
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Text variant="h6" component="h2">
          {t('money.recent.title')}
        </Text>
        <Button to={paths.agent.currencyList.getHref()} size="small" endIcon={<ChevronRightIcon />}>
          {t('money.recent.viewAll')}
        </Button>
      </Stack>
      {query.isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : query.isError ? (
        <RetryAlert onRetry={() => query.refetch()}>{t('money.recent.loadFailed')}</RetryAlert>
      ) : entries.length === 0 ? (
        <Text color="textSecondary">{t('money.recent.empty')}</Text>
      ) : (
        <Card>
          <List disablePadding>
            {entries.map((entry, index) => (
              <ListItem
                key={`${entry.currency}-${entry.id}`}
                disablePadding
                divider={index < entries.length - 1}
              >
                <ListItemButton
                  to={paths.agent.currencyDetail.getHref({ id: entry.id })}
                  data-testid={`main-recent-${entry.id}`}
                  className={styles.entry}
                >
                  <Stack className={styles.entryText}>
                    <Text variant="subtitle2" noWrap>
                      {t(billTypeKey(entry.billType))}
                      {' · '}
                      {t(currencyKey(entry.currency))}
                    </Text>
                    <Text variant="caption" color="textSecondary" noWrap>
                      {formatLocal(entry.createdAt, 'MM-DD HH:mm')}
                      {entry.memo ? ` · ${entry.memo}` : ''}
                    </Text>
                    {entry.gameDelivery ? (
                      <GameDeliveryStatus
                        state={entry.gameDelivery}
                        testId={`main-recent-game-${entry.id}`}
                      />
                    ) : null}
                  </Stack>
                  <Text
                    weight={600}
                    color={String(entry.amount).startsWith('-') ? 'error' : 'success'}
                    className={styles.amount}
                  >
                    {signedAmount(entry)}
                  </Text>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}
