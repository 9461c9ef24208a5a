import { OPERATOR_TOKEN_HEADER } from '@promoter/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLocale } from '../i18n/locale';
import { type Locale, type MessageKey, translate } from '../i18n/messages';
import { resolveSession, type SessionContext } from '../modules/auth/session-service';
import { type OperatorContext, resolveOperatorSession } from '../modules/operators/operator-session-service';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    session: SessionContext | null;
    /** The operator of the console, when the request carries a live X-Operator-Token (decision 018). */
    operator: OperatorContext | null;
    t(key: MessageKey, params?: Record<string, string | number>): string;
  }
}

export const TOKEN_HEADER = 'xx-token';

/** A route's config flag: the call resolves its session in its own statement (http/route.ts defineCallWithSession). */
export const SESSION_IN_STATEMENT = 'sessionInStatement';

/** The request's XX-Token when it is one worth looking up (an API call, a plausible length), else null. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const token = request.headers[TOKEN_HEADER];
  return typeof token === 'string' &&
    token.length > 0 &&
    token.length <= 200 &&
    request.url.startsWith('/api/')
    ? token
    : null;
}

/**
 * Decorates every request with its locale, a translator and, when it carries a valid `XX-Token`, its session; an
 * admin call's `X-Operator-Token`, its operator.
 */
export const requestContextPlugin = fp(async function requestContextPlugin(app) {
  app.decorateRequest('locale', 'cn');
  app.decorateRequest('session', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('t', function (key: MessageKey, params?: Record<string, string | number>) {
    return translate(this.locale, key, params);
  });
  app.addHook('onRequest', async (request, reply) => {
    const xLang = request.headers['x-lang'];
    request.locale = pickLocale(
      typeof xLang === 'string' ? xLang : undefined,
      request.headers['accept-language'],
    );
    reply.header('x-request-id', request.id);
    const token = sessionTokenOf(request);
    const config = request.routeOptions.config as unknown as Record<string, unknown>;
    if (token && config[SESSION_IN_STATEMENT] !== true) {
      request.session = await resolveSession(app.db, token, app.config.sessionTtlHours);
    }
    const operatorToken = request.headers[OPERATOR_TOKEN_HEADER];
    if (
      typeof operatorToken === 'string' &&
      operatorToken.length > 0 &&
      operatorToken.length <= 200 &&
      request.url.startsWith('/api/admin/')
    ) {
      request.operator = await resolveOperatorSession(app.db, operatorToken);
    }
  });
});
