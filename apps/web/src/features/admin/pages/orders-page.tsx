import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { ZOrderBuyer, ZOrderStatus } from '@promoter/contract';
import type { OrderStatus } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
import { useAdminOrders } from '../api/get-admin-orders';
import type { AdminOrderFilter } from '../api/get-admin-orders';
import { RequireCall } from '../components/admin-layout';
import { ExportButton } from '../components/export-button';
import { ChoiceFilter, FilterField, SortHeadCell } from '../components/filtered-table';
import { ListPage, PageHeading } from '../components/list-page';
import { idOf } from '../components/agent-labels';
import { OrderDetail, OrderStatusChip } from '../components/order-detail';
import { RefundsList } from '../components/refunds/refunds-list';
import { useCan } from '../lib/can';
import { dateInputToIso, formatDateTime } from '../lib/format';
import { useListPage } from '../lib/use-list-page';

interface OrderForm {
  orderId: string;
  playerId: string;
  agentId: string;
  buyer: 'agent' | 'player' | '';
  status: OrderStatus | '';
  from: string;
  to: string;
}

const EMPTY: OrderForm = { orderId: '', playerId: '', agentId: '', buyer: '', status: '', from: '', to: '' };

/** The form's values as the call's filter: what is blank or malformed is left out. */
export function orderFilterOf(form: OrderForm): Omit<AdminOrderFilter, 'page' | 'pageSize'> {
  return {
    orderId: form.orderId.trim().slice(0, 64) || undefined,
    playerId: idOf(form.playerId),
    agentId: idOf(form.agentId),
    buyer: form.buyer || undefined,
    status: form.status || undefined,
    from: dateInputToIso(form.from),
    to: dateInputToIso(form.to, true),
  };
}

/** The orders themselves, filtered and paged on the server; a row's number opens its page. */
function OrdersList({ onOpen }: { onOpen: (orderId: string) => void }) {
  const { t, i18n } = useTranslation();
  const list = useListPage({
    empty: EMPTY,
    checks: { playerId: 'id', agentId: 'id' },
    filterOf: orderFilterOf,
    sort: { sort: 'createdAt', order: 'desc' },
    useList: useAdminOrders,
  });
  const { filters, sort } = list;
  return (
    <ListPage
      testId="admin-orders-list"
      heading={
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <ExportButton kind="orders" filters={list.filter} />
        </Stack>
      }
      view={list}
      filterBar={{ testId: 'order-filters', applyTestId: 'order-filter-apply' }}
      filters={
        <>
          <FilterField
            label={t('adminCatalog.orders.filters.orderId')}
            {...filters.field('orderId')}
            slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'order-filter-id' } }}
          />
          <FilterField
            label={t('adminCatalog.orders.filters.playerId')}
            {...filters.field('playerId')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'order-filter-player' } }}
          />
          <FilterField
            label={t('adminCatalog.orders.filters.agentId')}
            {...filters.field('agentId')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'order-filter-agent' } }}
          />
          <ChoiceFilter
            label={t('adminCatalog.orders.columns.buyer')}
            {...filters.field('buyer')}
            choices={ZOrderBuyer.options}
            labelOf={(buyer) => t(`adminCatalog.orders.buyers.${buyer}`)}
          />
          <ChoiceFilter
            label={t('adminCatalog.orders.columns.status')}
            {...filters.field('status')}
            choices={ZOrderStatus.options}
            labelOf={(status) => t(`adminCatalog.orders.status.${status}`)}
          />
          <FilterField date label={t('admin.filters.from')} {...filters.field('from')} />
          <FilterField date label={t('admin.filters.to')} {...filters.field('to')} />
        </>
      }
      table={{ minWidth: 980, testId: 'order-table', columns: 8, pageSizes: [20, 50, 100] }}
      head={
        <>
          <TableCell>{t('adminCatalog.orders.columns.id')}</TableCell>
          <SortHeadCell column="createdAt" sort={sort}>
            {t('adminCatalog.orders.columns.createdAt')}
          </SortHeadCell>
          <TableCell>{t('adminCatalog.orders.columns.payer')}</TableCell>
          <TableCell>{t('adminCatalog.orders.columns.buyer')}</TableCell>
          <TableCell>{t('adminCatalog.orders.columns.goods')}</TableCell>
          <SortHeadCell column="amount" sort={sort} align="right">
            {t('adminCatalog.orders.columns.amount')}
          </SortHeadCell>
          <TableCell>{t('adminCatalog.orders.columns.status')}</TableCell>
          <TableCell>{t('adminCatalog.orders.columns.paidAt')}</TableCell>
        </>
      }
      row={(order) => (
        <TableRow key={order.id} hover data-testid={`admin-order-${order.id}`}>
          <TableCell>
            <Button
              size="small"
              onClick={() => onOpen(order.id)}
              sx={{ fontFamily: 'monospace', textTransform: 'none', p: 0, minWidth: 0 }}
              data-testid={`admin-order-open-${order.id}`}
            >
              {order.id}
            </Button>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(order.createdAt, i18n.language)}
          </TableCell>
          <TableCell>
            {order.playerNickname} (#{order.playerId})
          </TableCell>
          <TableCell>
            {order.buyer === 'agent'
              ? t('adminCatalog.orders.agentBuyer', { id: order.agentId ?? '' })
              : t('adminCatalog.orders.playerBuyer')}
          </TableCell>
          <TableCell>
            {order.goodsName} × {order.quantity}
          </TableCell>
          <TableCell align="right">{order.amount}</TableCell>
          <TableCell>
            <OrderStatusChip status={order.status} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {order.paidAt ? formatDateTime(order.paidAt, i18n.language) : '—'}
          </TableCell>
        </TableRow>
      )}
    />
  );
}

type OrdersTab = 'orders' | 'refunds';

/** The tab in the address (`?tab=refunds`), so a link or a reload finds the refunds waiting for a second operator. */
function useOrdersTab(): [OrdersTab, (tab: OrdersTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: OrdersTab = params.get('tab') === 'refunds' ? 'refunds' : 'orders';
  return [tab, (next) => setParams(next === 'orders' ? {} : { tab: next }, { replace: true })];
}

function Orders() {
  const { t } = useTranslation();
  const canReadRefunds = useCan('adminRefundList');
  const [tab, setTab] = useOrdersTab();
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = canReadRefunds ? tab : 'orders';
  return (
    <Stack spacing={2} data-testid="page-admin-orders">
      <PageHeading title={t('adminCatalog.nav.orders')} />
      {canReadRefunds ? (
        <Tabs value={shown} onChange={(_, next: OrdersTab) => setTab(next)}>
          <Tab value="orders" label={t('adminRefunds.tabs.orders')} data-testid="orders-tab-orders" />
          <Tab value="refunds" label={t('adminRefunds.tabs.refunds')} data-testid="orders-tab-refunds" />
        </Tabs>
      ) : null}
      {shown === 'orders' ? <OrdersList onOpen={setOpenId} /> : <RefundsList onOpenOrder={setOpenId} />}
      <OrderDetail orderId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

/**
 * `#/admin/orders`: the shop's orders, filtered and paged on the server, each with its page in a drawer (where an
 * operator with the right `refunds` refunds it); beside them the refunds tab (`?tab=refunds`, decision 043), opened on
 * those waiting for a second operator.
 */
export function OrdersPage() {
  return (
    <RequireCall call="adminOrderList">
      <Orders />
    </RequireCall>
  );
}
