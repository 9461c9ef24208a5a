import { randomBytes } from 'node:crypto';
import {
  type CallData,
  clientLinks,
  clientUrl,
  fenToMoney,
  localizedText,
  type OrderStatus,
  ResponseCode,
} from '@promoter/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { goods, goodsCategories, orders, players } from '../../db/schema';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import type { SessionContext } from '../auth/session-service';
import { agentPriceFen, retailPriceFen } from '../agents/pricing';
import { priceOrder } from '../payments/order-pricing';
import { reconcileWithProvider } from '../payments/payment-service';
import { sourceDeliveryState } from '../game-delivery/delivery-state';

/** What one diamond costs the caller: retail for a player, the agent's own price for an agent. */
export async function unitPriceFor(db: Db, session: SessionContext): Promise<number> {
  return session.agentId !== null ? agentPriceFen(db, session.agentId) : retailPriceFen(db);
}

/**
 * The categories with their goods on sale, priced for the caller, named in the caller's language (the request's locale)
 * where the operator wrote one, in Chinese otherwise.
 */
export async function listCategories(db: Db, session: SessionContext, locale: string) {
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
    const entry = byCategory.get(category.id) ?? {
      id: category.id,
      name: localizedText(category.name, category.names, locale),
      goods: [],
    };
    entry.goods.push({
      id: item.id,
      name: localizedText(item.name, item.names, locale),
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

type BuyAnswer = CallData<'buyGoods'>;

/**
 * Creates an order priced for the caller and asks the provider for its payment. The requestId makes a retry
 * answer the same order (a unique index on player + requestId, so two racing copies cannot make two orders).
 *
 * Channel 'jsapi' (the buyer is inside WeChat's browser): with a provider that pays there (WeChat Pay), the order
 * is placed for the player's openid and the answer carries the bridge's signed parameters; without an openid
 * yet, nothing is created and code 1003 asks the client for WeChat's silent authorization first. Other providers
 * answer their checkout for every channel.
 */
export async function buyGoods(
  deps: {
    db: Db;
    payments: PaymentProvider;
    siteUrl: string;
    orderTtlMinutes: number;
    clientIp: string;
    log: FastifyBaseLogger;
    /** The buyer's language: the order keeps the goods' name as the buyer saw it. */
    locale: string;
  },
  session: SessionContext,
  input: { goodsId: number; quantity: number; requestId: string; channel?: 'h5' | 'jsapi' | undefined },
): Promise<BuyAnswer> {
  const { db, payments } = deps;
  const jsapi = input.channel === 'jsapi' ? payments.jsapi : undefined;
  const channel = jsapi ? 'jsapi' : 'h5';
  const existing = async () => {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.playerId, session.playerId), eq(orders.requestId, input.requestId)));
    return order;
  };
  // A requestId names one purchase: reused for another, it is refused.
  const assertSameRequest = (order: typeof orders.$inferSelect) => {
    if (order.goodsId !== input.goodsId || order.quantity !== input.quantity || order.payChannel !== channel)
      throw new AppError('requestIdReused');
  };
  const answer = (order: typeof orders.$inferSelect): BuyAnswer => {
    assertSameRequest(order);
    if (!order.payUrl) throw new AppError('paymentUnavailable');
    // A retry must not pay an order that can no longer be delivered; a paid one is answered (its page shows it).
    const closed =
      order.status === 'expired' || order.status === 'cancelled' || order.expiresAt <= new Date();
    if (closed && order.status !== 'paid') throw new AppError('orderClosed');
    const base = { orderId: order.id, amount: fenToMoney(order.amountFen), payUrl: order.payUrl };
    return jsapi && order.prepayId && order.status === 'pending'
      ? { ...base, wechatPay: jsapi.bridgeParams(order.prepayId) }
      : base;
  };
  const found = await existing();
  if (found && !(found.status === 'pending' && found.payUrl === null)) return answer(found);

  const payerOpenId = jsapi ? await wechatOpenIdOf(db, session.playerId) : null;
  if (jsapi && !payerOpenId)
    throw new AppError('wechatPayerRequired', undefined, ResponseCode.wechatPayerRequired);

  let order = found;
  if (!order) {
    const [item] = await db
      .select()
      .from(goods)
      .where(and(eq(goods.id, input.goodsId), eq(goods.active, true)));
    if (!item) throw new AppError('goodsNotFound');
    // The prices are frozen on the order now: the payment, whenever it lands, pays what was sold (decision 008).
    const { unitPriceFen, pricing } = await priceOrder(db, session);
    const diamonds = item.diamonds * input.quantity;
    // Committed before the provider is asked (no transaction waits on a remote call): a racing copy of this
    // requestId finds it through the unique index; a retry after a failure asks the provider again.
    [order] = await db
      .insert(orders)
      .values({
        id: newOrderId(),
        playerId: session.playerId,
        agentId: session.agentId,
        requestId: input.requestId,
        goodsId: item.id,
        goodsName: localizedText(item.name, item.names, deps.locale),
        quantity: input.quantity,
        diamonds,
        unitPriceFen,
        amountFen: diamonds * unitPriceFen,
        pricing,
        provider: payments.name,
        payChannel: channel,
        expiresAt: sql`now() + make_interval(mins => ${deps.orderTtlMinutes})`,
      })
      .onConflictDoNothing()
      .returning();
    if (!order) {
      const raced = await existing();
      if (!raced) throw new AppError('paymentUnavailable');
      if (!(raced.status === 'pending' && raced.payUrl === null)) return answer(raced);
      order = raced;
    }
  }
  assertSameRequest(order);
  if (order.expiresAt <= new Date()) throw new AppError('orderClosed');

  const payment = {
    orderId: order.id,
    amountFen: order.amountFen,
    description: `${order.goodsName} × ${order.quantity}`,
    notifyUrl: `${deps.siteUrl}/api/pay/${payments.name}/notify`,
    returnUrl: clientUrl(deps.siteUrl, clientLinks.queryOrder.getHref({ orderId: order.id })),
    clientIp: deps.clientIp,
    expiresAt: order.expiresAt,
    locale: deps.locale,
  };
  let placed: { payUrl: string; prepayId: string | null };
  try {
    // The provider takes the same order id again (WeChat Pay answers a repeated out_trade_no with the same
    // payment), so a retry, or two racing copies, place one payment.
    placed =
      jsapi && payerOpenId
        ? { payUrl: payment.returnUrl, prepayId: await jsapi.prepay(payment, payerOpenId) }
        : { ...(await payments.createPayment(payment)), prepayId: null };
  } catch (error) {
    deps.log.warn({ err: error, requestId: input.requestId }, 'the payment provider did not take the order');
    // Nobody was given a way to pay it: no order is left behind.
    await db
      .delete(orders)
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), isNull(orders.payUrl)));
    throw new AppError('paymentUnavailable');
  }
  // The first answer recorded is the order's: a racing copy that placed it too answers the same address.
  const [updated] = await db
    .update(orders)
    .set(placed)
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), isNull(orders.payUrl)))
    .returning();
  return answer(updated ?? (await existing()) ?? order);
}

async function wechatOpenIdOf(db: Db, playerId: number): Promise<string | null> {
  const [row] = await db
    .select({ openId: players.wechatOpenId })
    .from(players)
    .where(eq(players.id, playerId));
  return row?.openId ?? null;
}

/**
 * One of the caller's own orders; another account's order is "not found". A pending order is first checked with
 * the provider (at most every few seconds), so a payment whose notification is late still arrives while the
 * buyer watches.
 */
export async function queryOrder(
  deps: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  session: SessionContext,
  orderId: string,
) {
  const { db } = deps;
  const mine = and(eq(orders.id, orderId), eq(orders.playerId, session.playerId));
  let [order] = await db.select().from(orders).where(mine);
  if (!order) throw new AppError('orderNotFound');
  if (
    (order.status === 'pending' || order.status === 'expired') &&
    (await reconcileWithProvider(db, deps.payments, orderId, deps.log))
  )
    [order] = await db.select().from(orders).where(mine);
  if (!order) throw new AppError('orderNotFound');
  // Past its time a pending order is expired, whether or not the minute's sweep has marked it yet.
  const status: OrderStatus =
    order.status === 'pending' && order.expiresAt <= new Date() ? 'expired' : order.status;
  // A player's paid diamonds went to its game account: whether the game has them. An agent's went to its stock.
  const gameDelivery =
    status === 'paid' && order.agentId === null
      ? await sourceDeliveryState(db, { type: 'order', id: order.id })
      : null;
  return {
    orderId: order.id,
    status,
    amount: fenToMoney(order.amountFen),
    paidAt: order.paidAt?.toISOString() ?? null,
    goods: { id: order.goodsId, name: order.goodsName, diamonds: order.diamonds, quantity: order.quantity },
    gameDelivery,
  };
}
