import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall } from '../../http/route';
import { defineSignedRoute } from '../../http/signed-route';
import { receiveTransferNotification, transferConfirmParams } from './transfer-service';

/**
 * Automatic payouts (decision 046): the provider's notification of a transfer that ended, and the agent's call for the
 * parameters of WeChat's confirmation of receipt.
 */
export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const payments = app.platform.payments;

  defineSignedRoute(
    app,
    {
      method: 'POST',
      url: '/api/pay/:provider/transfer-notify',
      params: z.object({ provider: z.string() }),
    },
    async ({ params, request, rawBody, reply }) => {
      const outcome = await receiveTransferNotification(
        { db: app.db, payments, log: app.log },
        params.provider,
        { headers: request.headers, rawBody },
        request.ip,
      );
      if (outcome === 'unknown-provider')
        return reply.status(404).send({ code: 'FAIL', message: 'unknown provider' });
      // Refused (forged, unreadable): not taken, so the provider sends it again. Everything verified is final.
      if (outcome === 'refused')
        return reply.status(400).send({ code: 'FAIL', message: 'verification failed' });
      return reply.status(200).send({ code: 'SUCCESS', message: outcome });
    },
  );

  defineCall(app, 'withdrawalTransferConfirm', async ({ agentId, input }) =>
    transferConfirmParams(app.db, payments, agentId, Number(input.id)),
  );
}
