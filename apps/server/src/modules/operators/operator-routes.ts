import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall } from '../../http/route';
import { listAudit } from '../audit/audit-service';
import type { OperatorContext } from './operator-session-service';
import {
  changeOperatorPassword,
  createOperator,
  listOperators,
  loadOperator,
  operatorLogin,
  operatorLogout,
  resetOperator,
  revokeSessionsOf,
  updateOperator,
} from './operator-service';

/** Who is acting, for the audit log. */
const actorOf = (operator: OperatorContext, request: FastifyRequest) => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

/** The console's own calls: sign-in, the operator's account, operators, the audit log (decision 018). */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, appSecret: app.config.appSecret };
  defineCall(app, 'adminLogin', async ({ input, request }) => operatorLogin(deps, input, request.ip), {
    rateLimit: 30,
  });
  defineCall(app, 'adminLogout', async ({ operator, request }) =>
    operatorLogout(app.db, operator, request.ip),
  );
  defineCall(app, 'adminMe', async ({ operator }) => loadOperator(app.db, operator.operatorId));
  defineCall(app, 'adminChangePassword', async ({ operator, request, input }) =>
    changeOperatorPassword(app.db, operator, request.ip, input),
  );
  defineCall(app, 'adminOperatorList', async () => listOperators(app.db));
  defineCall(app, 'adminOperatorCreate', async ({ operator, request, input }) => {
    const { totpSecret: _secret, ...created } = await createOperator(deps, input, actorOf(operator, request));
    return created;
  });
  defineCall(
    app,
    'adminOperatorUpdate',
    async ({ operator, request, input }) => updateOperator(deps, actorOf(operator, request), input),
    // A stolen session must not try the authenticator's codes one after another.
    { rateLimit: 10 },
  );
  defineCall(
    app,
    'adminOperatorReset',
    async ({ operator, request, input }) => {
      const { totpSecret: _secret, ...reset } = await resetOperator(deps, actorOf(operator, request), input);
      return reset;
    },
    { rateLimit: 10 },
  );
  defineCall(app, 'adminOperatorRevokeSessions', async ({ operator, request, input }) =>
    revokeSessionsOf(app.db, actorOf(operator, request), input.id),
  );
  defineCall(app, 'adminAuditList', async ({ input }) => listAudit(app.db, input));
}
