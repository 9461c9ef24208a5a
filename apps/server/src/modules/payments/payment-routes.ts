import { clientLinks, clientUrl } from '@promoter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { publicUrlOf } from '../../http/public-url';
import { defineSignedRoute } from '../../http/signed-route';
import { type Locale, localeOf } from '../../i18n/locale';
import { openCheckout, payOnCheckout } from './checkout-service';
import { checkoutPage, checkoutRefusal } from './checkout-view';
import { cancelOrder, receiveNotification } from './payment-service';

/**
 * Payment provider callbacks and the sandbox's checkout. Notifications are verified over their raw bytes by the
 * provider, then applied once by the payment service.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const payments = app.platform.payments;
  const deps = { db: app.db, payments, log: app.log };

  defineSignedRoute(
    app,
    { method: 'POST', url: '/api/pay/:provider/notify', params: z.object({ provider: z.string() }) },
    async ({ params, request, rawBody, reply }) => {
      const outcome = await receiveNotification(deps, params.provider, { headers: request.headers, rawBody });
      if (outcome === 'unknown-provider')
        return reply.status(404).send({ code: 'FAIL', message: 'unknown provider' });
      // Refused (forged, unreadable): the provider should not be told it was taken. Everything verified is final:
      // delivered or not, a retry would change nothing, so it is acknowledged.
      if (outcome === 'refused')
        return reply.status(400).send({ code: 'FAIL', message: 'verification failed' });
      return reply.status(200).send({ code: 'SUCCESS', message: outcome });
    },
  );

  const checkout = payments.checkout;
  if (!checkout) return;
  // `lang`: the buyer's language, which the sandbox puts in the link beside the signature (it covers the order
  // alone); one of the 12 or ignored. Without it the page reads the browser's Accept-Language.
  const ZSig = z.object({ sig: z.string().max(128), lang: z.string().max(16).optional() });
  const localeOfLink = (request: FastifyRequest, query: z.infer<typeof ZSig>) =>
    (query.lang && localeOf(query.lang)) || request.locale;
  const refuse = (reply: FastifyReply, refusal: 'invalid-link' | 'not-found', locale: Locale) =>
    reply
      .status(refusal === 'invalid-link' ? 403 : 404)
      .type('text/plain; charset=utf-8')
      .send(checkoutRefusal(refusal, locale));

  defineSignedRoute(
    app,
    {
      method: 'GET',
      url: '/api/pay/sandbox/checkout/:orderId',
      params: z.object({ orderId: z.string().max(64) }),
      querystring: ZSig,
    },
    async ({ params, query, request, reply }) => {
      const locale = localeOfLink(request, query);
      const order = await openCheckout(app.db, checkout, params.orderId, query.sig);
      if (typeof order === 'string') return refuse(reply, order, locale);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(checkoutPage(order, query.sig, locale));
    },
  );

  defineSignedRoute(
    app,
    {
      method: 'POST',
      url: '/api/pay/sandbox/checkout/:orderId/:action',
      params: z.object({ orderId: z.string(), action: z.string() }),
      querystring: ZSig,
      formPosts: true,
    },
    async ({ params, query, request, reply }) => {
      const order = await openCheckout(app.db, checkout, params.orderId, query.sig);
      if (typeof order === 'string') return refuse(reply, order, localeOfLink(request, query));
      if (params.action === 'pay') await payOnCheckout(deps, checkout, order);
      else if (params.action === 'cancel') await cancelOrder(app.db, order.id);
      else return reply.status(404).send();
      return reply.redirect(
        clientUrl(publicUrlOf(request), clientLinks.queryOrder.getHref({ orderId: order.id })),
        303,
      );
    },
  );
}
