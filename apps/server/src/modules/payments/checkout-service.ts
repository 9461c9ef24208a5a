import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { HostedCheckout, PaymentProvider } from '../../platform/payments/payment-provider';
import { type PaymentOutcome, receiveNotification } from './payment-service';
import type { CheckoutOrder } from './checkout-view';

/**
 * The order behind a checkout link the provider signed, as its page shows it: a pending order past its time shows
 * as expired (the sweep closes it within a minute).
 */
export async function openCheckout(
  db: Db,
  checkout: HostedCheckout,
  orderId: string,
  signature: string,
): Promise<CheckoutOrder | 'invalid-link' | 'not-found'> {
  if (!checkout.checkLink(orderId, signature)) return 'invalid-link';
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return 'not-found';
  const status = order.status === 'pending' && order.expiresAt <= new Date() ? 'expired' : order.status;
  return { ...order, status };
}

/** A person pays on the checkout page: the provider's signed notification goes through the same door as any. */
export async function payOnCheckout(
  deps: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  checkout: HostedCheckout,
  order: CheckoutOrder,
): Promise<PaymentOutcome | 'refused' | 'unknown-provider'> {
  return receiveNotification(deps, deps.payments.name, checkout.paidNotification(order));
}
