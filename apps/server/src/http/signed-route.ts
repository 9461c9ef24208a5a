import { ResponseCode, ZEnvelopeOf } from '@promoter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { keepRawJsonBody } from './raw-body';

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** What another system signs instead of a session: the request's headers and its body's exact bytes. */
export interface SignedRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface SignedRoute<B extends Schema, P extends Schema, Q extends Schema, D extends Schema> {
  method: 'GET' | 'POST';
  url: string;
  /** For the API docs (with `tags`); a route without a summary is left out of them. */
  summary?: string;
  tags?: string[];
  body?: B;
  params?: P;
  querystring?: Q;
  /**
   * The `data` of the envelope the route answers, as defineCall answers. Without it the handler answers through
   * `reply` itself: a page, a redirect, a payment provider's own protocol.
   */
  data?: D;
  /** A plain HTML form posts here: its urlencoded body carries nothing and is read as `{}`. */
  formPosts?: boolean;
  /** Checks the caller's signature once the schemas passed, before the handler; throws an AppError to refuse. */
  verify?: (request: SignedRequest) => Promise<void>;
}

export interface SignedRouteContext<B extends Schema, P extends Schema, Q extends Schema> {
  body: Parsed<B>;
  params: Parsed<P>;
  query: Parsed<Q>;
  /** The body's exact bytes, as they were signed. */
  rawBody: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a route that another system calls, signed by it instead of by a session: the game server's API (an
 * HMAC over the raw body), a payment provider's notification, the sandbox checkout's signed links. The one place
 * for what they share: a scope of their own whose JSON parser keeps the exact bytes beside the parsed body
 * (parsed once, validated once by the schemas), no per-client rate limit (each caller proves itself by its
 * signature), the envelope for `data` routes, and refusals through the central error handler.
 */
export function defineSignedRoute<
  B extends Schema = undefined,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  D extends Schema = undefined,
>(
  app: FastifyInstance,
  route: SignedRoute<B, P, Q, D>,
  handler: (ctx: SignedRouteContext<B, P, Q>) => Promise<D extends z.ZodType ? z.input<D> : FastifyReply>,
): void {
  void app.register(async (scope) => {
    keepRawJsonBody(scope);
    if (route.formPosts) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, _body, done) => done(null, {}),
      );
    }
    const { verify, data } = route;
    scope.route({
      method: route.method,
      url: route.url,
      schema: {
        ...(route.summary ? { summary: route.summary, tags: route.tags } : { hide: true }),
        ...(route.body ? { body: route.body } : {}),
        ...(route.params ? { params: route.params } : {}),
        ...(route.querystring ? { querystring: route.querystring } : {}),
        ...(data ? { response: { 200: ZEnvelopeOf(data) } } : {}),
      },
      config: { rateLimit: false as const },
      ...(verify
        ? {
            preHandler: async (request: FastifyRequest) =>
              verify({ headers: request.headers, rawBody: request.rawBody ?? '' }),
          }
        : {}),
      handler: async (request, reply) => {
        const answer = await handler({
          body: request.body as Parsed<B>,
          params: request.params as Parsed<P>,
          query: request.query as Parsed<Q>,
          rawBody: request.rawBody ?? '',
          request,
          reply,
        });
        if (!data) return answer;
        return { code: ResponseCode.success, msg: request.t('ok'), data: answer };
      },
    });
  });
}
