import {
  type CallData,
  type CallDef,
  type CallName,
  calls,
  hasRight,
  type OperatorRight,
  ResponseCode,
  ZEnvelopeOf,
} from '@promoter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type SessionContext, sessionOfRow, sessionScope } from '../modules/auth/session-service';
import type { SessionColumns, SessionScope } from '../db/prepared';
import { recordAudit } from '../modules/audit/audit-service';
import type { OperatorContext } from '../modules/operators/operator-session-service';
import { AppError } from '../errors';
import { refuseNulCharacters } from './input-guard';
import { assertAgentUsable } from '../modules/agents/agent-queries';
import { rateLimitKeyGenerator } from '../plugins/rate-limit';
import { SESSION_IN_STATEMENT, sessionTokenOf } from '../plugins/request-context';

export interface RouteContext<N extends CallName> {
  input: z.output<(typeof calls)[N]['input']>;
  request: FastifyRequest;
  /** Present for every call whose auth is not `anyone` nor `operator`. */
  session: SessionContext;
  /** Present for every `operator` call (X-Operator-Token), holding the call's right. */
  operator: OperatorContext;
}

export interface AgentRouteContext<N extends CallName> extends RouteContext<N> {
  agentId: number;
}

interface RouteOptions {
  /**
   * Requests per minute: per address for calls anyone may make (whatever token rides along), per account (all its
   * sessions together) for signed-in calls.
   */
  rateLimit?: number;
}

/**
 * The console's access rule (decision 018), for its calls and its CSV exports: an operator's session, never an
 * agent's (10101 without one), holding the right (10103 without it, the refusal audited as `call.denied` naming
 * `call`); an operator still on its one-time password may use only its `self` calls.
 */
export async function assertOperatorRight(
  request: FastifyRequest,
  right: OperatorRight | undefined,
  call: string,
): Promise<OperatorContext> {
  const operator = request.operator;
  if (!operator) throw new AppError('operatorSignInRequired', undefined, ResponseCode.operatorNotSignedIn);
  if (!right || !hasRight(operator.role, right)) {
    // A refusal is an action too: who tried which call without its right is kept for the owner to see.
    await recordAudit(
      request.server.db,
      { operatorId: operator.operatorId, operatorName: operator.name, address: request.ip },
      { action: 'call.denied', target: { type: 'call', id: call }, after: { right: right ?? null } },
    );
    throw new AppError('operatorForbidden', { right: right ?? '' }, ResponseCode.operatorForbidden);
  }
  // A one-time password is changed before anything else is done.
  if (operator.mustChangePassword && right !== 'self')
    throw new AppError('operatorMustChangePassword', undefined, ResponseCode.operatorForbidden);
  return operator;
}

/**
 * Registers one call of the contract: its path, its schemas (which validate, serialize as an allow-list and feed
 * OpenAPI) and its access rule. Handlers stay a few lines: they call a service and return its data.
 */
export function defineCall<N extends CallName>(
  app: FastifyInstance,
  name: N,
  handler: (ctx: AgentRouteContext<N>) => Promise<CallData<N>>,
  options: RouteOptions = {},
): void {
  registerCall(app, name, options, false, async (request) => {
    const session = request.session as SessionContext;
    return handler({
      input: (calls[name].method === 'GET' ? request.query : request.body) as RouteContext<N>['input'],
      request,
      session,
      operator: request.operator as OperatorContext,
      agentId: session?.agentId as number,
    });
  });
}

/**
 * Registers a call: its route, schemas, access rule and rate limit; `answer` gives its data. When the call reads
 * its session in its own statement, the request context and the pre-handler leave the session to `answer`.
 */
function registerCall(
  app: FastifyInstance,
  name: CallName,
  options: RouteOptions,
  sessionInStatement: boolean,
  answer: (request: FastifyRequest) => Promise<unknown>,
): void {
  const def = calls[name] as CallDef;
  const inputKey = def.method === 'GET' ? 'querystring' : 'body';
  app.route({
    method: def.method,
    url: `/api/${def.path}`,
    schema: {
      summary: def.summary,
      tags: [def.path.split('/')[0] ?? 'api'],
      [inputKey]: def.input,
      ...(def.uidHeader ? { headers: z.object({ uid: z.coerce.number().int().positive() }) } : {}),
      ...(def.auth === 'anyone'
        ? {}
        : { security: [def.auth === 'operator' ? { operatorToken: [] } : { token: [] }] }),
      response: { 200: ZEnvelopeOf(def.data) },
    },
    config: options.rateLimit
      ? {
          rateLimit: {
            max: options.rateLimit,
            timeWindow: '1 minute',
            keyGenerator: rateLimitKeyGenerator(def.auth === 'anyone' ? 'address' : 'account'),
          },
        }
      : { rateLimit: false as const, ...(sessionInStatement ? { [SESSION_IN_STATEMENT]: true } : {}) },
    // Answers carry balances, whole mobile numbers, revealed account numbers, and refusals name balances too: no
    // browser or proxy keeps any of them, success or not (set first, so every answer of the call has it).
    onRequest: (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    },
    preValidation: async (request) => {
      // A POST with no body is an empty object, so `{}`-shaped calls accept both.
      if (def.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
      refuseNulCharacters(request.body, request.query);
    },
    preHandler: async (request) => {
      if (def.auth === 'anyone' || sessionInStatement) return;
      if (def.auth === 'operator') {
        await assertOperatorRight(request, def.right, name);
        return;
      }
      assertSessionAccess(def, name, request);
    },
    handler: async (request) => {
      const data = await answer(request);
      return { code: ResponseCode.success, msg: request.t('ok'), data };
    },
  });
}

/**
 * The access rule of a signed-in call (`signedIn`, `agent`, `player`): a live session (10001 without one), the shop's
 * `uid` header naming the session's player, an agent for agents' calls; a frozen or pending agent can do nothing with
 * its session but sign out, the shop's calls included (the status is read with the session, so freezing takes effect
 * on the next request).
 */
function assertSessionAccess(def: CallDef, name: CallName, request: FastifyRequest): void {
  const session = request.session;
  if (!session) throw new AppError('sessionExpired', undefined, ResponseCode.notSignedIn);
  if (def.uidHeader && Number(request.headers.uid) !== session.playerId) throw new AppError('uidMismatch');
  if (def.auth === 'agent' && session.agentId === null) throw new AppError('agentsOnly');
  if (session.agentStatus !== null && session.agentStatus !== 'active' && name !== 'logout')
    assertAgentUsable(session.agentStatus);
}

/** What a call that reads its session in its own statement answers: the session's columns, then its data. */
export interface ScopedAnswer<D> {
  /** The session's columns of the statement's row (SessionScope's `columns`); undefined when no row came. */
  session: SessionColumns | undefined;
  /** The call's data, asked only once the access rule has let the session through; null: none (10001). */
  answer: () => D | null;
}

/**
 * A signed-in call whose one statement reads the session too (decision 026): the request context leaves the token
 * of such a call unresolved; `load` gets the session as a scope (the session service's CTEs, renewal included: its
 * statement starts with them) and runs one statement for the session and the call's data; then the access rule of
 * every signed-in call applies, and only then is the answer built (a refusal about the data, such as a foreign
 * cursor, never comes before the session's). One round trip for the whole call. No rate limit: a limit counts by a
 * session that is only known once the statement has run.
 */
export function defineCallWithSession<N extends CallName>(
  app: FastifyInstance,
  name: N,
  load: (
    scope: SessionScope,
    call: { input: z.output<(typeof calls)[N]['input']>; request: FastifyRequest },
  ) => Promise<ScopedAnswer<CallData<N>>>,
): void {
  const def = calls[name] as CallDef;
  if (def.auth === 'anyone' || def.auth === 'operator')
    throw new Error(`${name}: only a signed-in call reads its session in its statement`);
  registerCall(app, name, {}, true, async (request) => {
    const token = sessionTokenOf(request);
    const input = (def.method === 'GET' ? request.query : request.body) as z.output<
      (typeof calls)[N]['input']
    >;
    const loaded = token
      ? await load(sessionScope(token, app.config.sessionTtlHours), { input, request })
      : undefined;
    request.session = sessionOfRow(loaded?.session);
    assertSessionAccess(def, name, request);
    const data = loaded?.answer() ?? null;
    if (data === null) throw new AppError('sessionExpired', undefined, ResponseCode.notSignedIn);
    return data;
  });
}
