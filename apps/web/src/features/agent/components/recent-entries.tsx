import ChevronRight from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TBillEntry } from '@promoter/contract';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GameDeliveryStatus } from '../../../components/game-delivery-status';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { billTypeKey, currencyKey } from '../../../lib/bill-labels';
import { useRecentBill } from '../../../api/get-recent-bill';

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
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('money.recent.title')}
        </Typography>
        <Button
          component={Link}
          to={paths.agent.currencyList.getHref()}
          size="small"
          endIcon={<ChevronRight />}
        >
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
        <Typography color="text.secondary">{t('money.recent.empty')}</Typography>
      ) : (
        <Card>
          <List disablePadding>
            {entries.map((entry, index) => (
              <Fragment key={`${entry.currency}-${entry.id}`}>
                {index > 0 ? <Divider component="li" /> : null}
                <li>
                  <ListItemButton
                    component={Link}
                    to={paths.agent.currencyDetail.getHref({ id: entry.id })}
                    data-testid={`main-recent-${entry.id}`}
                    sx={{ gap: 1.5, py: 1 }}
                  >
                    <Stack sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="subtitle2" noWrap>
                        {t(billTypeKey(entry.billType))}
                        {' · '}
                        {t(currencyKey(entry.currency))}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" noWrap>
                        {dayjs(entry.createdAt).format('MM-DD HH:mm')}
                        {entry.memo ? ` · ${entry.memo}` : ''}
                      </Typography>
                      {entry.gameDelivery ? (
                        <GameDeliveryStatus
                          state={entry.gameDelivery}
                          testId={`main-recent-game-${entry.id}`}
                        />
                      ) : null}
                    </Stack>
                    <Typography
                      sx={{
                        fontWeight: 600,
                        whiteSpace: 'nowrap',
                        color: String(entry.amount).startsWith('-') ? 'error.main' : 'success.main',
                      }}
                    >
                      {signedAmount(entry)}
                    </Typography>
                  </ListItemButton>
                </li>
              </Fragment>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}
