import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorText } from '../../errors';
import { defineCall } from '../../http/route';
import {
  approveWithdrawal,
  batch,
  type BatchOutcome,
  failWithdrawal,
  listForReview,
  payWithdrawal,
  rejectWithdrawal,
  reviewDetail,
} from './withdrawal-review-service';
import { revealWithdrawalAccount } from './withdrawal-account';

const actorOf = (operator: { operatorId: number; name: string }, request: FastifyRequest) => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

const answerOf = (outcome: BatchOutcome, request: FastifyRequest) => ({
  changed: outcome.changed,
  waiting: outcome.waiting,
  skipped: outcome.skipped.map(({ id, error }) => ({
    id,
    reason: errorText(error, request.t.bind(request)),
  })),
});

/** The withdrawal queue of the operator console (decision 018). */
export async function withdrawalAdminRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'adminWithdrawalList', async ({ input }) => listForReview(app.db, input));
  defineCall(app, 'adminWithdrawalDetail', async ({ input }) => reviewDetail(app.db, Number(input.id)));
  defineCall(app, 'adminWithdrawalApprove', async ({ operator, request, input }) =>
    approveWithdrawal(app.db, actorOf(operator, request), Number(input.id)),
  );
  defineCall(app, 'adminWithdrawalReject', async ({ operator, request, input }) =>
    rejectWithdrawal(app.db, actorOf(operator, request), Number(input.id), input.reason),
  );
  defineCall(app, 'adminWithdrawalPay', async ({ operator, request, input }) =>
    payWithdrawal(app.db, actorOf(operator, request), Number(input.id), input.reference),
  );
  defineCall(app, 'adminWithdrawalFail', async ({ operator, request, input }) =>
    failWithdrawal(app.db, actorOf(operator, request), Number(input.id), input.reason),
  );
  defineCall(app, 'adminWithdrawalRevealAccount', async ({ operator, request, input }) =>
    revealWithdrawalAccount(app.db, app.config.payoutKey, actorOf(operator, request), Number(input.id)),
  );
  defineCall(app, 'adminWithdrawalBatchApprove', async ({ operator, request, input }) => {
    const actor = actorOf(operator, request);
    return answerOf(await batch(input.ids, (id) => approveWithdrawal(app.db, actor, id)), request);
  });
  defineCall(app, 'adminWithdrawalBatchReject', async ({ operator, request, input }) => {
    const actor = actorOf(operator, request);
    return answerOf(
      await batch(input.ids, (id) => rejectWithdrawal(app.db, actor, id, input.reason)),
      request,
    );
  });
}
