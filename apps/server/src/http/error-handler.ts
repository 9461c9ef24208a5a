import { ResponseCode } from '@promoter/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { MessageKey } from '../i18n/messages';
import { notUpYet } from '../db/client';
import { AppError, errorText } from '../errors';

/**
 * PostgreSQL refusals that come from what a client sent, not from a fault of the server: constraint violations
 * (a refusal of the operation, HTTP 200 code 0) and data the database cannot take (HTTP 400). The contract's
 * schemas should stop these first; this is the net under them, so a bad value never answers 500.
 */
const DATABASE_REFUSALS: Record<string, { key: MessageKey; status: 200 | 400 }> = {
  '23505': { key: 'duplicateValue', status: 200 },
  '23503': { key: 'referenceNotFound', status: 200 },
  '23514': { key: 'invalidValue', status: 200 },
  '22P02': { key: 'invalidValue', status: 400 },
  '22003': { key: 'valueOutOfRange', status: 400 },
  '22007': { key: 'invalidValue', status: 400 },
  '22008': { key: 'valueOutOfRange', status: 400 },
  '22021': { key: 'invalidCharacters', status: 400 },
  '22P05': { key: 'invalidCharacters', status: 400 },
};

/** The PostgreSQL error behind an error (node-postgres' DatabaseError, possibly wrapped by Drizzle as `cause`). */
function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, severity } = current as Error & { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/** A schema validation issue as fastify-type-provider-zod reports it: zod's code, its message, its parameters. */
interface ValidationIssue {
  keyword: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/**
 * What is wrong with a field, in the reader's language (decision 037): the contract's messages are English, written
 * for API clients, and stay so in English; other languages read the kind of fault (required, too short, too long, not
 * valid) with its bound, never an English sentence inside a Chinese console. A rule across fields (`custom`: "either
 * payoutAccountId, or accountType, accountName and accountNo") keeps the contract's words: they name the fields.
 */
export function issueText(
  issue: ValidationIssue,
  locale: string,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): string {
  if (locale === 'en' || (issue.keyword === 'custom' && issue.message)) return issue.message ?? 'invalid';
  const { keyword, params } = issue;
  const bound = (name: 'minimum' | 'maximum') => {
    const value = params[name];
    return typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;
  };
  const min = bound('minimum');
  const max = bound('maximum');
  if (keyword === 'invalid_type' && /received undefined/.test(issue.message ?? ''))
    return t('validationRequired');
  if (keyword === 'too_small' && min !== undefined) {
    if (params.origin === 'string')
      return min <= 1 ? t('validationRequired') : t('validationTooShort', { min });
    if (params.origin === 'array') return t('validationTooFew', { min });
    return t('validationTooSmall', { min });
  }
  if (keyword === 'too_big' && max !== undefined) {
    if (params.origin === 'string') return t('validationTooLong', { max });
    if (params.origin === 'array') return t('validationTooMany', { max });
    return t('validationTooBig', { max });
  }
  return t('validationInvalid');
}

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/**
 * Whether an error says the database is away for now rather than that the request or the server is wrong: it is
 * restarting (the embedded one restarts itself in 3-10 s), shutting down, refusing or cutting connections, or the
 * pool could not get one in time (decision 037). The start's own test of it (db/client.ts): such a request may simply
 * be tried again.
 */
export const isDatabaseUnavailable = notUpYet;

/**
 * One place turns every failure into the envelope (DESIGN section 3): refusals are 200 with their code, a bad
 * request is 400 naming the field, rate limits 429, anything unexpected 500 with 服务器错误 and the request id in
 * the log, never a stack trace to the client; 503 with Retry-After while the database is away.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(200)
        .send({ code: error.code, msg: errorText(error, request.t.bind(request)), data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where =
        issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
      const field = `${where}: ${issue ? issueText(issue, request.locale, request.t.bind(request)) : 'invalid'}`;
      return reply
        .status(400)
        .send({ code: ResponseCode.failure, msg: request.t('invalidField', { field }), data: null });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ code: ResponseCode.failure, msg: request.t('tooManyRequests'), data: null });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the request itself is broken.
      const field =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'body: invalid JSON'
          : error.message;
      return reply
        .status(error.statusCode)
        .send({ code: ResponseCode.failure, msg: request.t('invalidField', { field }), data: null });
    }
    const refusal = DATABASE_REFUSALS[databaseErrorCode(error) ?? ''];
    if (refusal) {
      // Worth a look: the contract or a service let through something the database had to refuse.
      request.log.warn({ err: error, reqId: request.id }, 'refused by the database');
      return reply
        .status(refusal.status)
        .send({ code: ResponseCode.failure, msg: request.t(refusal.key), data: null });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of this request nor of the server: the database is away for now (it restarts, or moves).
      request.log.warn({ reqId: request.id, reason: (error as Error).message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code: ResponseCode.failure, msg: request.t('serviceUnavailable'), data: null });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: ResponseCode.failure, msg: request.t('serverError'), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ code: ResponseCode.failure, msg: request.t('notFound'), data: null });
  });
}
