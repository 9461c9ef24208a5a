import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import type { OrderStatus } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useQuery } from '@tanstack/react-query';
import { adminOrderQueryOptions } from '../api/get-admin-order';
import { REFUND_POLL_MS, refundInFlight } from '../api/get-admin-refunds';
import { useReleaseHeldOrder } from '../api/release-held-order';
import { notify } from '../../../lib/notify';
import { useCan } from '../lib/can';
import { ReasonDialog } from './reason-dialog';
import { billTypeKey } from '../../../lib/bill-labels';
import { formatDateTime } from '../lib/format';
import { DetailDrawer, DetailField, DetailTable } from './detail-parts';
import { OrderRefunds } from './refunds/order-refunds';

const STATUS_COLOR: Record<OrderStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  pending: 'info',
  paid: 'success',
  held: 'warning',
  expired: 'default',
  cancelled: 'default',
  refunded: 'default',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      label={t(`adminCatalog.orders.status.${status}`)}
      data-testid="admin-order-status"
      data-status={status}
    />
  );
}

/**
 * A held order (paid while its agent was frozen or pending: nothing delivered) is delivered by an operator with the
 * adjustments right once the agent is active again; the server refuses while it is not.
 */
function ReleaseHeldOrder({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const allowed = useCan('adminOrderRelease');
  const release = useReleaseHeldOrder();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button variant="contained" size="small" onClick={() => setOpen(true)} data-testid="order-release">
        {t('adminCatalog.orders.release')}
      </Button>
      <ReasonDialog
        open={open}
        title={t('adminCatalog.orders.release')}
        message={t('adminCatalog.orders.releaseConfirm', { id: orderId })}
        confirmLabel={t('adminCatalog.orders.release')}
        busy={release.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={(reason) =>
          release.mutate(
            { orderId, reason },
            {
              onSuccess: () => notify.success(t('adminCatalog.orders.released')),
              onSettled: () => setOpen(false),
            },
          )
        }
      />
    </>
  );
}

/**
 * An order's page: itself, its payer, the prices frozen on it, the provider's records, what it wrote to the ledger, and
 * its refunds (read again every few seconds while one is still on its way to the provider).
 */
export function OrderDetail({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useQuery({
    ...adminOrderQueryOptions(orderId ?? ''),
    enabled: orderId !== null,
    // Opened to act on it: read afresh each time (another operator may have refunded or approved since).
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.refunds.list.some(refundInFlight) ? REFUND_POLL_MS : false,
  });
  const data = detail.data;
  const order = data?.order;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <DetailDrawer
      open={orderId !== null}
      onClose={onClose}
      title={t('adminCatalog.orders.detailTitle', { id: orderId ?? '' })}
      width={600}
      testId="order-detail"
      loading={detail.isPending}
    >
      {order && data ? (
        <>
          <DetailField label={t('adminCatalog.orders.columns.status')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <OrderStatusChip status={order.status} />
              {order.status === 'held' ? <ReleaseHeldOrder orderId={order.id} /> : null}
            </Stack>
          </DetailField>
          <DetailField label={t('adminCatalog.orders.columns.amount')} testId="order-detail-amount">
            {order.amount} ({t('adminCatalog.orders.unitPrice', { price: order.unitPrice })})
          </DetailField>
          <DetailField label={t('adminCatalog.orders.columns.goods')}>
            {order.goodsName} × {order.quantity} ·{' '}
            {t('adminCatalog.orders.diamondsOf', { count: order.diamonds })}
          </DetailField>
          <DetailField label={t('adminCatalog.orders.columns.buyer')}>
            {order.buyer === 'agent'
              ? t('adminCatalog.orders.agentBuyer', { id: order.agentId ?? '' })
              : t('adminCatalog.orders.playerBuyer')}
          </DetailField>
          <DetailField label={t('adminCatalog.orders.columns.createdAt')}>
            {when(order.createdAt)}
          </DetailField>
          <DetailField label={t('adminCatalog.orders.expiresAt')}>{when(order.expiresAt)}</DetailField>
          <DetailField label={t('adminCatalog.orders.columns.paidAt')}>{when(order.paidAt)}</DetailField>
          <DetailField label={t('adminCatalog.orders.provider')}>
            {order.provider} · {order.payChannel}
            {order.providerRef ? ` · ${order.providerRef}` : ''}
          </DetailField>

          <OrderRefunds detail={data} />

          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" gutterBottom>
            {t('adminCatalog.orders.payer')}
          </Typography>
          <DetailField label={t('adminCatalog.orders.columns.payer')} testId="order-detail-payer">
            {data.payer.nickname} (#{data.payer.playerId})
          </DetailField>
          <DetailField label={t('adminCatalog.orders.mobile')}>{data.payer.mobile ?? '—'}</DetailField>
          <DetailField label={t('adminCatalog.orders.boundAgent')}>
            {data.payer.boundAgentId === null ? '—' : `#${data.payer.boundAgentId}`}
          </DetailField>

          <DetailTable title={t('adminCatalog.orders.pricing')} testId="order-detail-pricing">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminCatalog.orders.agent')}</TableCell>
                <TableCell>{t('adminCatalog.orders.level')}</TableCell>
                <TableCell align="right">
                  {data.pricing?.buyer === 'player'
                    ? t('adminCatalog.orders.rate')
                    : t('adminCatalog.orders.price')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.pricing ? (
                data.pricing.chain.map((link) => (
                  <TableRow key={link.agentId}>
                    <TableCell>
                      {link.nickname} (#{link.agentId})
                    </TableCell>
                    <TableCell>{link.level ?? '—'}</TableCell>
                    <TableCell align="right">{link.price ?? `${link.rate ?? ''}%`}</TableCell>
                  </TableRow>
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={3}>{t('adminCatalog.orders.noPricing')}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </DetailTable>

          <DetailTable title={t('adminCatalog.orders.notifications')} testId="order-detail-notifications">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminCatalog.orders.columns.createdAt')}</TableCell>
                <TableCell>{t('adminCatalog.orders.source')}</TableCell>
                <TableCell>{t('adminCatalog.orders.outcome')}</TableCell>
                <TableCell align="right">{t('adminCatalog.orders.columns.amount')}</TableCell>
                <TableCell>{t('adminCatalog.orders.reference')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.notifications.map((n) => (
                <TableRow key={n.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(n.createdAt)}</TableCell>
                  <TableCell>{t(`adminCatalog.orders.sources.${n.source}`)}</TableCell>
                  <TableCell>{n.outcome}</TableCell>
                  <TableCell align="right">{n.amount ?? '—'}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{n.providerRef ?? '—'}</TableCell>
                </TableRow>
              ))}
              {data.notifications.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>{t('adminCatalog.orders.noNotifications')}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </DetailTable>

          <DetailTable title={t('adminCatalog.orders.entries')} testId="order-detail-entries">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminCatalog.orders.owner')}</TableCell>
                <TableCell>{t('adminCatalog.orders.billType')}</TableCell>
                <TableCell align="right">{t('adminCatalog.orders.columns.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.entries.map((entry) => (
                <TableRow key={entry.id} data-testid="order-entry" data-bill-type={entry.billType}>
                  <TableCell>
                    {entry.nickname} (
                    {entry.ownerType === 'agent' ? '#' : t('adminCatalog.orders.playerMark')}
                    {entry.ownerId})
                  </TableCell>
                  <TableCell>{t(billTypeKey(entry.billType))}</TableCell>
                  <TableCell align="right">
                    {entry.currency === 'balance'
                      ? entry.amount
                      : t('adminCatalog.orders.diamondsOf', { count: Number(entry.amount) })}
                  </TableCell>
                </TableRow>
              ))}
              {data.entries.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>{t('adminCatalog.orders.noEntries')}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </DetailTable>
        </>
      ) : null}
    </DetailDrawer>
  );
}
