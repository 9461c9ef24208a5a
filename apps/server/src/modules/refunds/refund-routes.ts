import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineCall } from '../../http/route';
import { defineSignedRoute } from '../../http/signed-route';
import { PaymentNotificationError } from '../../platform/payments/payment-provider';
import { approveRefund, createRefund, listRefunds, type RefundActor, rejectRefund } from './refund-service';
import { applyRefundState } from './refund-settlement';
import { paymentNotifications } from '../../db/schema';

const actorOf = (operator: { operatorId: number; name: string }, request: FastifyRequest): RefundActor => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

/** The console's refund calls, and the provider's refund notifications (decision 043). */
export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const payments = app.platform.payments;
  defineCall(app, 'adminRefundCreate', async ({ operator, request, input }) =>
    createRefund(app.db, actorOf(operator, request), input, payments.name),
  );
  defineCall(app, 'adminRefundApprove', async ({ operator, request, input }) =>
    approveRefund(app.db, actorOf(operator, request), input.id),
  );
  defineCall(app, 'adminRefundReject', async ({ operator, request, input }) =>
    rejectRefund(app.db, actorOf(operator, request), input.id, input.reason),
  );
  defineCall(app, 'adminRefundList', async ({ input }) => listRefunds(app.db, input));

  // A refund's notification: verified over its raw bytes like a payment's (decision 041), then applied once. Refused
  // (forged, unreadable, not a refund's): 400 FAIL, so the provider sends it again; everything verified is final.
  defineSignedRoute(
    app,
    { method: 'POST', url: '/api/pay/:provider/refund-notify', params: z.object({ provider: z.string() }) },
    async ({ params, request, rawBody, reply }) => {
      if (params.provider !== payments.name)
        return reply.status(404).send({ code: 'FAIL', message: 'unknown provider' });
      let state;
      try {
        state = payments.verifyRefundNotification({ headers: request.headers, rawBody });
      } catch (error) {
        if (!(error instanceof PaymentNotificationError) && !(error instanceof SyntaxError)) throw error;
        app.log.warn({ provider: params.provider, reason: error.message }, 'refund notification refused');
        await app.db
          .insert(paymentNotifications)
          .values({ provider: params.provider, outcome: `refund refused: ${error.message}`.slice(0, 200) });
        return reply.status(400).send({ code: 'FAIL', message: 'verification failed' });
      }
      const outcome = await applyRefundState(app.db, payments.name, state, 'notification');
      return reply.status(200).send({ code: 'SUCCESS', message: outcome });
    },
  );
}
