import { fenToMoney } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { orders, players } from '../../../db/schema';
import { orderFilter, orderStatusShown } from '../../catalog/order-admin-service';
import { listExport, localTime } from './export-source';

/** The orders as their list filters them, newest first by time: the agents' and the players' purchases. */
export const orderSource = listExport({
  select: ({ db, timeZone }) =>
    db
      .select({
        id: orders.id,
        keyAt: sql<string>`${orders.createdAt}::text`,
        createdAt: localTime(orders.createdAt, timeZone),
        paidAt: localTime(orders.paidAt, timeZone),
        status: orderStatusShown,
        playerId: orders.playerId,
        nickname: sql<string>`coalesce(${players.nickname}, '')`,
        agentId: orders.agentId,
        goodsName: orders.goodsName,
        quantity: orders.quantity,
        diamonds: orders.diamonds,
        unitPriceFen: orders.unitPriceFen,
        amountFen: orders.amountFen,
        provider: orders.provider,
        providerRef: orders.providerRef,
        payChannel: orders.payChannel,
      })
      .from(orders)
      .leftJoin(players, eq(players.id, orders.playerId)),
  filter: orderFilter,
  columns: ({ t, plain, text }) => [
    plain('csvOrderId', (r) => r.id),
    plain('csvCreatedAt', (r) => r.createdAt),
    plain('csvPaidAt', (r) => r.paidAt),
    plain('csvStatus', (r) => t(`csvOrder_${r.status}`)),
    plain('csvBuyer', (r) => t(r.agentId === null ? 'csvOwner_player' : 'csvOwner_agent')),
    plain('csvPlayerId', (r) => r.playerId),
    text('csvNickname', (r) => r.nickname),
    plain('csvAgentId', (r) => r.agentId),
    text('csvGoods', (r) => r.goodsName),
    plain('csvQuantity', (r) => r.quantity),
    plain('csvDiamonds', (r) => r.diamonds),
    plain('csvUnitPrice', (r) => fenToMoney(r.unitPriceFen)),
    plain('csvAmount', (r) => fenToMoney(r.amountFen)),
    plain('csvProvider', (r) => r.provider),
    text('csvProviderRef', (r) => r.providerRef),
    plain('csvPayChannel', (r) => r.payChannel),
  ],
  // Newest first, as the list (the orders_time_idx walk): down (created_at, id).
  id: [orders.id, (r) => r.id],
  at: [orders.createdAt, (r) => r.keyAt],
});
