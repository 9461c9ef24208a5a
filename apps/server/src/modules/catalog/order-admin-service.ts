import {
  type AdminOrderSort,
  basisPointsToPercent,
  fenToMoney,
  type OrderStatus,
  type SortOrder,
  type TAdminOrder,
  type TAdminOrderDetail,
} from '@promoter/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { spendable } from '../ledger/ledger-service';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, agents, ledgerEntries, orders, paymentNotifications, players } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { agentIsActive, deliverOrder } from '../payments/payment-service';
import { hasLiveRefund, orderRefunds } from '../refunds/refund-service';

/**
 * The console's orders (decision 018): the list, filtered and paged on the server, and an order's page:
 * its payer, the prices frozen on it, the provider's records, and what it wrote to the ledger (the diamonds delivered
 * and the profit shares paid up the line).
 */

type OrderRow = typeof orders.$inferSelect;

/** A pending order past its time is expired, as its buyer reads it, whether or not the sweep has marked it yet. */
const statusOf = (order: OrderRow): OrderStatus =>
  order.status === 'pending' && order.expiresAt <= new Date() ? 'expired' : order.status;

/** statusOf as a column of a query (the CSV export reads it so). */
export const orderStatusShown = sql<OrderStatus>`case when ${orders.status} = 'pending' and ${orders.expiresAt} <= now() then 'expired' else ${orders.status} end`;

function statusIs(status: OrderStatus): SQL | undefined {
  if (status === 'pending') return and(eq(orders.status, 'pending'), sql`${orders.expiresAt} > now()`);
  if (status === 'expired')
    return or(
      eq(orders.status, 'expired'),
      and(eq(orders.status, 'pending'), sql`${orders.expiresAt} <= now()`),
    );
  return eq(orders.status, status);
}

const toOrderDto = (order: OrderRow, playerNickname: string): TAdminOrder => ({
  id: order.id,
  playerId: order.playerId,
  playerNickname,
  agentId: order.agentId,
  buyer: order.agentId === null ? 'player' : 'agent',
  goodsId: order.goodsId,
  goodsName: order.goodsName,
  quantity: order.quantity,
  diamonds: order.diamonds,
  unitPrice: fenToMoney(order.unitPriceFen),
  amount: fenToMoney(order.amountFen),
  status: statusOf(order),
  provider: order.provider,
  payChannel: order.payChannel,
  createdAt: order.createdAt.toISOString(),
  expiresAt: order.expiresAt.toISOString(),
  paidAt: order.paidAt?.toISOString() ?? null,
});

/** The list's filters: the order, the buying account or agent, the kind of buyer, status, creation time. */
export interface OrderFilter {
  orderId?: string | undefined;
  playerId?: number | undefined;
  agentId?: number | undefined;
  buyer?: 'agent' | 'player' | undefined;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface OrderQuery extends OrderFilter {
  page: number;
  pageSize: number;
  sort?: AdminOrderSort;
  order?: SortOrder;
}

const SORT_COLUMNS = { createdAt: orders.createdAt, amount: orders.amountFen } as const;

/** The orders a filter names: the list's and the CSV export's (reports), so both show the same orders. */
export function orderFilter(query: OrderFilter): SQL | undefined {
  return and(
    query.orderId ? eq(orders.id, query.orderId) : undefined,
    query.playerId !== undefined ? eq(orders.playerId, query.playerId) : undefined,
    query.agentId !== undefined ? eq(orders.agentId, query.agentId) : undefined,
    query.buyer === 'agent' ? sql`${orders.agentId} is not null` : undefined,
    query.buyer === 'player' ? sql`${orders.agentId} is null` : undefined,
    query.status ? statusIs(query.status) : undefined,
    query.from ? gte(orders.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(orders.createdAt, new Date(query.to)) : undefined,
  );
}

/**
 * Orders filtered and sorted on the server, paged: newest first unless asked (the orders_time_idx walk); the id breaks
 * ties.
 */
export async function listOrders(db: DbOrTx, query: OrderQuery) {
  const where = orderFilter(query);
  const by = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, nickname: players.nickname })
      .from(orders)
      .innerJoin(players, eq(players.id, orders.playerId))
      .where(where)
      .orderBy(by(SORT_COLUMNS[query.sort ?? 'createdAt']), by(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    list: rows.map((row) => toOrderDto(row.order, row.nickname)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The agents from `agentId` up, as the tree stands now: the tree's one walk (`agent_line`, decision 039). */
async function lineNow(db: DbOrTx, agentId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(
    sql`select line.id from agent_line(${agentId}) line order by line.depth`,
  );
  return result.rows.map((row) => Number(row.id));
}

async function agentCards(db: DbOrTx, agentIds: readonly number[]) {
  if (agentIds.length === 0) return new Map<number, { nickname: string; level: number }>();
  const rows = await db
    .select({ id: agents.id, level: agents.level, nickname: players.nickname })
    .from(agents)
    .innerJoin(players, eq(players.id, agents.playerId))
    .where(inArray(agents.id, [...agentIds]));
  return new Map(rows.map((row) => [row.id, { nickname: row.nickname, level: row.level }]));
}

/**
 * The ledger entries an order wrote. Entries carry no index by reference, so they are looked up through the accounts
 * that can hold them (the buyer's diamonds; the balances of the agents of the frozen pricing and of the line as it
 * stands now, for orders older than the frozen pricing) and the accounts' time index, from the order's creation on.
 */
async function entriesOf(
  db: DbOrTx,
  order: OrderRow,
  pricingAgents: readonly number[],
  boundAgentId: number | null,
) {
  if (order.status !== 'paid' && order.status !== 'held') return [];
  const start = order.agentId ?? boundAgentId;
  const upline = start === null ? [] : await lineNow(db, start);
  const agentIds = [...new Set([...pricingAgents, ...upline])];
  const owners = or(
    order.agentId !== null
      ? and(eq(accounts.ownerType, 'agent'), eq(accounts.ownerId, order.agentId))
      : and(eq(accounts.ownerType, 'player'), eq(accounts.ownerId, order.playerId)),
    agentIds.length > 0
      ? and(eq(accounts.ownerType, 'agent'), inArray(accounts.ownerId, agentIds))
      : undefined,
  );
  return db
    .select({ entry: ledgerEntries, account: accounts })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(
      and(
        owners,
        gte(ledgerEntries.createdAt, order.createdAt),
        eq(ledgerEntries.refType, 'order'),
        eq(ledgerEntries.refId, order.id),
        // A profit that paid what its agent owed refers to the order on the owed account too (decision 043).
        ne(accounts.currency, 'owed'),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
}

async function nicknamesOf(db: DbOrTx, playerIds: readonly number[]) {
  if (playerIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: players.id, nickname: players.nickname })
    .from(players)
    .where(inArray(players.id, [...playerIds]));
  return new Map(rows.map((row) => [row.id, row.nickname]));
}

/**
 * An order's page: the order, its payer, its frozen pricing, the provider's records and its ledger entries, read in one
 * snapshot (a repeatable-read, read-only transaction). Read statement by statement, a refund settling between them
 * gave an order still "paid" with nothing refunded beside its refund already "succeeded"; the console, seeing no
 * refund in flight, stopped reading it again and showed that for good.
 */
export async function orderDetail(db: Db, orderId: string): Promise<TAdminOrderDetail> {
  return db.transaction((tx) => orderDetailIn(tx, orderId), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function orderDetailIn(db: DbOrTx, orderId: string): Promise<TAdminOrderDetail> {
  const [row] = await db
    .select({ order: orders, payer: players })
    .from(orders)
    .innerJoin(players, eq(players.id, orders.playerId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError('orderNotFound');
  const { order, payer } = row;
  const pricing = order.pricing;
  const pricingAgents = pricing?.chain.map((link) => link.agentId) ?? [];

  const [notifications, entries, refunds] = await Promise.all([
    db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, order.id))
      .orderBy(asc(paymentNotifications.id)),
    entriesOf(db, order, pricingAgents, payer.boundAgentId),
    orderRefunds(db, order),
  ]);
  // The delivery first, then the shares from the buyer's side up the line.
  const place = (ownerId: number) => {
    const index = pricingAgents.indexOf(ownerId);
    return index < 0 ? pricingAgents.length : index;
  };
  entries.sort(
    (a, b) =>
      a.entry.billType - b.entry.billType ||
      place(a.account.ownerId) - place(b.account.ownerId) ||
      a.entry.id - b.entry.id,
  );
  const entryAgents = entries.filter((e) => e.account.ownerType === 'agent').map((e) => e.account.ownerId);
  const cards = await agentCards(db, [...new Set([...pricingAgents, ...entryAgents])]);
  const playerNames = await nicknamesOf(
    db,
    entries.filter((e) => e.account.ownerType === 'player').map((e) => e.account.ownerId),
  );

  return {
    refunds,
    order: { ...toOrderDto(order, payer.nickname), providerRef: order.providerRef },
    payer: {
      playerId: payer.id,
      nickname: payer.nickname,
      mobile: payer.mobile,
      boundAgentId: payer.boundAgentId,
    },
    pricing: pricing
      ? {
          buyer: pricing.buyer,
          chain:
            pricing.buyer === 'agent'
              ? pricing.chain.map((link) => ({
                  agentId: link.agentId,
                  nickname: cards.get(link.agentId)?.nickname ?? '',
                  level: link.level ?? null,
                  price: fenToMoney(link.priceFen),
                  rate: null,
                }))
              : pricing.chain.map((link) => ({
                  agentId: link.agentId,
                  nickname: cards.get(link.agentId)?.nickname ?? '',
                  level: link.level ?? null,
                  price: null,
                  rate: basisPointsToPercent(link.rateBp),
                })),
        }
      : null,
    notifications: notifications.map((n) => ({
      id: String(n.id),
      provider: n.provider,
      providerRef: n.providerRef,
      amount: n.amountFen === null ? null : fenToMoney(n.amountFen),
      outcome: n.outcome,
      source: n.source,
      createdAt: n.createdAt.toISOString(),
    })),
    entries: entries.map(({ entry, account }) => ({
      id: String(entry.id),
      ownerType: account.ownerType,
      ownerId: account.ownerId,
      nickname:
        account.ownerType === 'agent'
          ? (cards.get(account.ownerId)?.nickname ?? '')
          : (playerNames.get(account.ownerId) ?? ''),
      currency: spendable(account.currency),
      billType: entry.billType,
      amount: account.currency === 'balance' ? fenToMoney(entry.amount) : String(entry.amount),
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * An operator delivers a held order (paid while its buying agent could not receive: frozen or pending) once the agent
 * is active again: in one transaction, the order locked and moved held -> paid (a compare-and-set: two operators
 * cannot deliver twice), the diamonds and the profit shares written as a payment writes them (at the prices frozen on
 * the order), the notifications, and the audit entry with the reason.
 */
export async function releaseHeldOrder(
  db: Db,
  actor: AuditActor,
  input: { orderId: string; reason: string },
): Promise<TAdminOrderDetail> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new AppError('orderNotFound');
    if (order.status !== 'held') throw new AppError('orderNotHeld', { status: statusOf(order) });
    // Its money is going back to the buyer (decision 043): it is not delivered as well.
    if (await hasLiveRefund(tx, order.id)) throw new AppError('orderHasRefund');
    if (order.agentId === null || !(await agentIsActive(tx, order.agentId)))
      throw new AppError('orderAgentUnavailable', { agentId: order.agentId ?? 0 });
    const [live] = await tx
      .update(orders)
      .set({ status: 'paid' })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'held')))
      .returning();
    if (!live) throw new AppError('orderNotHeld', { status: 'paid' });
    await deliverOrder(tx, live);
    await recordAudit(tx, actor, {
      action: 'order.release',
      target: { type: 'order', id: order.id },
      before: { status: 'held' },
      after: { status: 'paid', reason: input.reason },
    });
  });
  return orderDetail(db, input.orderId);
}
