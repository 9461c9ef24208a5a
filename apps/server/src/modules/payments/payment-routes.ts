import { randomBytes } from 'node:crypto';
import { clientLinks, clientUrl, fenToMoney } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { orders, paymentNotifications } from '../../db/schema';
import { publicUrlOf } from '../../http/public-url';
import { keepRawJsonBody } from '../../http/raw-body';
import { PaymentNotificationError } from '../../platform/payments/payment-provider';
import { SANDBOX_SIGNATURE_HEADER, SandboxPaymentProvider } from '../../platform/payments/sandbox-provider';
import { applyPayment, cancelOrder } from './payment-service';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function checkoutPage(
  order: { id: string; goodsName: string; quantity: number; amountFen: number; status: string },
  sig: string,
): string {
  const id = encodeURIComponent(order.id);
  const payable = order.status === 'pending';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱收银台 Sandbox checkout</title>
<link rel="icon" href="/favicon.svg">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.amount{font-size:32px;font-weight:700;margin:12px 0;color:#d32f2f}
.note{font-size:13px;color:#666;margin-top:16px}
button{width:100%;padding:14px;border:0;border-radius:8px;font-size:17px;margin-top:12px;cursor:pointer}
.pay{background:#1aad19;color:#fff}.cancel{background:#e0e0e0;color:#333}
</style></head>
<body><main><div class="card">
<div>沙箱收银台 · Sandbox checkout</div>
<div data-testid="checkout-goods">${escapeHtml(order.goodsName)} × ${order.quantity}</div>
<div class="amount" data-testid="checkout-amount">¥${fenToMoney(order.amountFen)}</div>
<div>订单号 Order: ${escapeHtml(order.id)}</div>
${
  payable
    ? `<form method="post" action="/api/pay/sandbox/checkout/${id}/pay?sig=${sig}"><button class="pay" data-testid="checkout-pay">确认支付 Pay</button></form>
<form method="post" action="/api/pay/sandbox/checkout/${id}/cancel?sig=${sig}"><button class="cancel" data-testid="checkout-cancel">取消 Cancel</button></form>`
    : `<p data-testid="checkout-closed">此订单不可支付（${escapeHtml(order.status)}） · This order cannot be paid</p>`
}
<p class="note">这是演示平台的沙箱支付，不会产生真实扣款。This is the demo platform's sandbox: no real money moves.</p>
</div></main></body></html>`;
}

/**
 * Payment provider callbacks and the sandbox's checkout. Notifications are verified over their raw bytes by the
 * provider, then applied once by the payment service.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  keepRawJsonBody(app);
  // The sandbox checkout's Pay and Cancel are plain HTML forms: their (empty) urlencoded bodies carry nothing.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const payments = app.platform.payments;

  const notify = async (
    provider: string,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ) => {
    try {
      const payment = payments.verifyNotification({ headers, rawBody });
      return await applyPayment(app.db, provider, payment);
    } catch (error) {
      if (error instanceof PaymentNotificationError || error instanceof SyntaxError) {
        app.log.warn({ provider, reason: error.message }, 'payment notification refused');
        await app.db
          .insert(paymentNotifications)
          .values({ provider, outcome: `refused: ${error.message}`.slice(0, 200) });
        return 'refused' as const;
      }
      throw error;
    }
  };

  app.post(
    '/api/pay/:provider/notify',
    { config: { rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      const { provider } = request.params as { provider: string };
      if (provider !== payments.name)
        return reply.status(404).send({ code: 'FAIL', message: 'unknown provider' });
      const outcome = await notify(provider, request.headers, request.rawBody ?? '');
      // Refused (forged, unreadable): the provider should not be told it was taken. Everything verified is final:
      // delivered or not, a retry would change nothing, so it is acknowledged.
      if (outcome === 'refused')
        return reply.status(400).send({ code: 'FAIL', message: 'verification failed' });
      return reply.status(200).send({ code: 'SUCCESS', message: outcome });
    },
  );

  if (!(payments instanceof SandboxPaymentProvider)) return;
  const sandbox = payments;
  const ZOrderParams = z.object({ orderId: z.string().max(64) });
  const ZSig = z.object({ sig: z.string().max(128) });

  const loadOrder = async (orderId: string, sig: string, reply: FastifyReply) => {
    if (!sandbox.checkSignature(`checkout:${orderId}`, sig)) {
      await reply.status(403).type('text/plain; charset=utf-8').send('invalid checkout link');
      return null;
    }
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) {
      await reply.status(404).type('text/plain; charset=utf-8').send('order not found');
      return null;
    }
    return order;
  };

  app.get(
    '/api/pay/sandbox/checkout/:orderId',
    { schema: { hide: true, params: ZOrderParams, querystring: ZSig } },
    async (request, reply) => {
      const { orderId } = request.params as z.infer<typeof ZOrderParams>;
      const { sig } = request.query as z.infer<typeof ZSig>;
      const order = await loadOrder(orderId, sig, reply);
      if (!order) return reply;
      const status = order.status === 'pending' && order.expiresAt <= new Date() ? 'expired' : order.status;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(checkoutPage({ ...order, status }, sig));
    },
  );

  app.post(
    '/api/pay/sandbox/checkout/:orderId/:action',
    { schema: { hide: true, querystring: ZSig } },
    async (request, reply) => {
      const { orderId, action } = request.params as { orderId: string; action: string };
      const { sig } = request.query as z.infer<typeof ZSig>;
      const order = await loadOrder(orderId, sig, reply);
      if (!order) return reply;
      if (action === 'pay') {
        // The sandbox calls back like a real provider would: a signed notification through the notify route.
        const { body, signature } = sandbox.notification({
          orderId: order.id,
          providerRef: `SANDBOX-${randomBytes(8).toString('hex')}`,
          amountFen: order.amountFen,
          paid: true,
        });
        await app.inject({
          method: 'POST',
          url: '/api/pay/sandbox/notify',
          payload: body,
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        });
      } else if (action === 'cancel') {
        await cancelOrder(app.db, order.id);
      } else {
        return reply.status(404).send();
      }
      return reply.redirect(
        clientUrl(publicUrlOf(request), clientLinks.queryOrder.getHref({ orderId: order.id })),
        303,
      );
    },
  );
}
