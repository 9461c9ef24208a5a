import { randomBytes } from 'node:crypto';
import { fenToMoney, type OrderStatus } from '@promoter/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { goods, goodsCategories, orders } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import type { SessionContext } from '../auth/session-service';
import { agentPriceFen, retailPriceFen } from '../agents/pricing';
import { expireOrders } from '../payments/payment-service';

/** What one diamond costs the caller: retail for a player, the agent's own price for an agent. */
export async function unitPriceFor(db: Db, session: SessionContext): Promise<number> {
  return session.agentId !== null ? agentPriceFen(db, session.agentId) : retailPriceFen(db);
}

export async function listCategories(db: Db, session: SessionContext) {
  const unit = await unitPriceFor(db, session);
  const rows = await db
    .select({ category: goodsCategories, item: goods })
    .from(goodsCategories)
    .innerJoin(goods, and(eq(goods.categoryId, goodsCategories.id), eq(goods.active, true)))
    .orderBy(asc(goodsCategories.sort), asc(goods.sort), asc(goods.id));
  const byCategory = new Map<
    number,
    {
      id: number;
      name: string;
      goods: { id: number; name: string; image: string; diamonds: number; price: string }[];
    }
  >();
  for (const { category, item } of rows) {
    const entry = byCategory.get(category.id) ?? { id: category.id, name: category.name, goods: [] };
    entry.goods.push({
      id: item.id,
      name: item.name,
      image: item.image,
      diamonds: item.diamonds,
      price: fenToMoney(item.diamonds * unit),
    });
    byCategory.set(category.id, entry);
  }
  return { list: [...byCategory.values()] };
}

const newOrderId = () =>
  `P${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * Creates an order priced for the caller and asks the provider for its checkout. The requestId makes a retry
 * answer the same order (a unique index on player + requestId, so two racing copies cannot make two orders).
 */
export async function buyGoods(
  deps: { db: Db; payments: PaymentProvider; siteUrl: string; orderTtlMinutes: number; clientIp: string },
  session: SessionContext,
  input: { goodsId: number; quantity: number; requestId: string },
): Promise<{ orderId: string; amount: string; payUrl: string }> {
  const { db } = deps;
  const existing = async () => {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.playerId, session.playerId), eq(orders.requestId, input.requestId)));
    return order;
  };
  const answer = (order: typeof orders.$inferSelect) => {
    if (order.goodsId !== input.goodsId || order.quantity !== input.quantity)
      throw new AppError('requestIdReused');
    if (!order.payUrl) throw new AppError('paymentUnavailable');
    return { orderId: order.id, amount: fenToMoney(order.amountFen), payUrl: order.payUrl };
  };
  const found = await existing();
  if (found) return answer(found);

  const [item] = await db
    .select()
    .from(goods)
    .where(and(eq(goods.id, input.goodsId), eq(goods.active, true)));
  if (!item) throw new AppError('goodsNotFound');
  const unit = await unitPriceFor(db, session);
  const diamonds = item.diamonds * input.quantity;
  const [created] = await db
    .insert(orders)
    .values({
      id: newOrderId(),
      playerId: session.playerId,
      agentId: session.agentId,
      requestId: input.requestId,
      goodsId: item.id,
      goodsName: item.name,
      quantity: input.quantity,
      diamonds,
      unitPriceFen: unit,
      amountFen: diamonds * unit,
      provider: deps.payments.name,
      expiresAt: sql`now() + make_interval(mins => ${deps.orderTtlMinutes})`,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return answer((await existing()) as typeof orders.$inferSelect);

  try {
    const { payUrl } = await deps.payments.createPayment({
      orderId: created.id,
      amountFen: created.amountFen,
      description: `${item.name} × ${input.quantity}`,
      notifyUrl: `${deps.siteUrl}/api/pay/${deps.payments.name}/notify`,
      returnUrl: `${deps.siteUrl}/#/agent/query-order?orderId=${created.id}`,
      clientIp: deps.clientIp,
    });
    await db.update(orders).set({ payUrl }).where(eq(orders.id, created.id));
    return { orderId: created.id, amount: fenToMoney(created.amountFen), payUrl };
  } catch {
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, created.id));
    throw new AppError('paymentUnavailable');
  }
}

/** One of the caller's own orders; another account's order is "not found". */
export async function queryOrder(db: Db, session: SessionContext, orderId: string) {
  await expireOrders(db);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.playerId, session.playerId)));
  if (!order) throw new AppError('orderNotFound');
  return {
    orderId: order.id,
    status: order.status as OrderStatus,
    amount: fenToMoney(order.amountFen),
    paidAt: order.paidAt?.toISOString() ?? null,
    goods: { id: order.goodsId, name: order.goodsName, diamonds: order.diamonds, quantity: order.quantity },
  };
}
