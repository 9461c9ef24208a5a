import { useQueryClient } from '@tanstack/react-query';
import type { CallData } from '@promoter/contract';
import { formatLocal } from '../../../lib/date-time';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
import { invalidate } from '../../../api/query-keys';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount, formatMoney } from '../../../lib/format';
import { GameDeliveryStatus } from '../../../components/game-delivery-status';
import { useOrder } from '../../../api/get-order';
import { useShopAccount } from '../lib/account';
import { DATE_FORMAT } from '../../../config/constants';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Divider } from '../../../ui/divider';
import { CancelOutlinedIcon } from '../../../ui/icons/CancelOutlinedIcon';
import { CheckCircleOutlineOutlinedIcon } from '../../../ui/icons/CheckCircleOutlineOutlinedIcon';
import { ErrorOutlineOutlinedIcon } from '../../../ui/icons/ErrorOutlineOutlinedIcon';
import { HourglassEmptyIcon } from '../../../ui/icons/HourglassEmptyIcon';
import { PauseCircleOutlineOutlinedIcon } from '../../../ui/icons/PauseCircleOutlineOutlinedIcon';
import { ReplayOutlinedIcon } from '../../../ui/icons/ReplayOutlinedIcon';
import { Spinner } from '../../../ui/progress';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './query-order-page.module.css';

/** Poll every 2 s while the payment is pending, for at most 2 minutes. */
const POLL_MS = 2_000;
const POLL_LIMIT_MS = 120_000;
const DATE_TIME_FORMAT = `${DATE_FORMAT} HH:mm`;

type Order = CallData<'orderQuery'>;
type View = 'loading' | 'pending' | 'paid' | 'cancelled' | 'expired' | 'held' | 'refunded' | 'failed';

function viewOf(order: Order | undefined, failed: boolean, timedOut: boolean): View {
  if (failed && !order) return 'failed';
  if (!order) return 'loading';
  if (order.status === 'pending') return timedOut ? 'failed' : 'pending';
  return order.status;
}

function OrderLines({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const rows: [string, ReactNode][] = [
    [t('shop.order.orderId'), order.orderId],
    [t('shop.order.goods'), `${order.goods.name} × ${order.goods.quantity}`],
    [t('shop.order.diamonds'), formatCount(order.goods.diamonds, locale)],
    [t('shop.order.amount'), formatMoney(order.amount)],
  ];
  if (order.paidAt) rows.push([t('shop.order.paidAt'), formatLocal(order.paidAt, DATE_TIME_FORMAT)]);
  // A player's paid diamonds go to its game account: whether the game has them yet.
  if (order.gameDelivery)
    rows.push([
      t('gameDelivery.label'),
      <GameDeliveryStatus
        key="game"
        state={order.gameDelivery}
        variant="body2"
        testId="order-game-delivery"
      />,
    ]);
  return (
    <Stack divider={<Divider />} className={styles.lines} data-testid="order-lines">
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" spacing={2} justifyContent="space-between" className={styles.line}>
          <Text variant="body2" color="textSecondary" className={styles.label}>
            {label}
          </Text>
          <Text variant="body2" align="end" className={styles.value}>
            {value}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** After payment the agent's stock grew: getUser is refreshed (the header reads it too) and shown here. */
function NewStock() {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const queryClient = useQueryClient();
  const { user } = useShopAccount();
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    let live = true;
    void invalidate.orderPaid(queryClient).finally(() => live && setFresh(true));
    return () => {
      live = false;
    };
  }, [queryClient]);
  return (
    <div className={styles.newStock}>
      <Text variant="body2" color="textSecondary">
        {t('shop.order.newStock')}
      </Text>
      <Text variant="h5" component="p" data-testid="order-stock">
        {fresh && user ? (
          formatCount(user.diamonds, locale)
        ) : (
          <Skeleton width={100} className={styles.stockSkeleton} />
        )}
      </Text>
    </div>
  );
}

/**
 * /agent/query-order?orderId=: where the checkout sends the person back. Polls the order while the payment is
 * pending (every 2 s, up to 2 minutes), then shows it completed (diamonds delivered, the agent's new stock),
 * cancelled, expired, held (paid while the agent was frozen: refunded by the operator), refunded (the money went back,
 * the diamonds were taken back: decision 043), or not confirmed, with the ways back.
 */
export function QueryOrderPage() {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const [params] = useSearchParams();
  const orderId = params.get('orderId')?.trim() ?? '';
  const { isAgent } = useShopAccount();
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const query = useOrder(orderId, { pollWhilePending: timedOut ? false : POLL_MS });

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [round]);

  const checkAgain = () => {
    setTimedOut(false);
    setRound((r) => r + 1);
    void query.refetch();
  };

  const order = query.data;
  const view: View = orderId === '' ? 'failed' : viewOf(order, query.isError, timedOut);

  const heads: Record<View, { icon: ReactNode; title: string; text: string }> = {
    loading: {
      icon: <Spinner size={48} color="primary" />,
      title: t('shop.order.loading'),
      text: '',
    },
    pending: {
      icon: <Spinner size={48} color="primary" />,
      title: t('shop.order.pendingTitle'),
      text: t('shop.order.pendingText'),
    },
    paid: {
      icon: <CheckCircleOutlineOutlinedIcon color="success" fontSize="inherit" />,
      title: t('shop.order.paidTitle'),
      text: order
        ? isAgent
          ? t('shop.order.paidTextAgent', { amount: formatCount(order.goods.diamonds, locale) })
          : t('shop.order.paidTextPlayer', { amount: formatCount(order.goods.diamonds, locale) })
        : '',
    },
    cancelled: {
      icon: <CancelOutlinedIcon color="disabled" fontSize="inherit" />,
      title: t('shop.order.cancelledTitle'),
      text: t('shop.order.cancelledText'),
    },
    expired: {
      icon: <HourglassEmptyIcon color="disabled" fontSize="inherit" />,
      title: t('shop.order.expiredTitle'),
      text: t('shop.order.expiredText'),
    },
    held: {
      icon: <PauseCircleOutlineOutlinedIcon color="warning" fontSize="inherit" />,
      title: t('shop.order.heldTitle'),
      text: t('shop.order.heldText'),
    },
    refunded: {
      icon: <ReplayOutlinedIcon color="info" fontSize="inherit" />,
      title: t('shop.order.refundedTitle'),
      text: t('shop.order.refundedText'),
    },
    failed: {
      icon: <ErrorOutlineOutlinedIcon color="error" fontSize="inherit" />,
      title: orderId === '' ? t('shop.order.noOrderTitle') : t('shop.order.failedTitle'),
      text:
        orderId === ''
          ? t('shop.order.noOrderText')
          : order
            ? t('shop.order.timedOutText')
            : t('shop.order.failedText'),
    },
  };
  const head = heads[view];

  return (
    <Stack spacing={2} data-testid="page-query-order">
      <Card>
        <CardContent>
          <Stack
            spacing={1.5}
            alignItems="center"
            className={styles.status}
            data-testid={`order-status-${view}`}
          >
            <span className={styles.statusIcon}>{head.icon}</span>
            <Text variant="h6" component="h2">
              {head.title}
            </Text>
            {head.text ? <Text color="textSecondary">{head.text}</Text> : null}
            {view === 'paid' && isAgent ? <NewStock /> : null}
            {view === 'failed' && orderId !== '' ? (
              <Button variant="outlined" onClick={checkAgain} data-testid="order-check-again">
                {t('shop.order.checkAgain')}
              </Button>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      {order ? (
        <Card>
          <CardContent>
            <OrderLines order={order} />
          </CardContent>
        </Card>
      ) : null}
      <Stack direction="row" spacing={1.5} justifyContent="center">
        <Button
          variant={view === 'paid' ? 'outlined' : 'contained'}
          to={paths.agent.mineRecharge.getHref()}
          data-testid="order-back-shop"
        >
          {view === 'paid' ? t('shop.order.buyMore') : t('shop.order.backToShop')}
        </Button>
        {isAgent ? (
          <Button
            variant={view === 'paid' ? 'contained' : 'outlined'}
            to={paths.agent.main.getHref()}
            data-testid="order-back-main"
          >
            {t('shop.order.backToMain')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
