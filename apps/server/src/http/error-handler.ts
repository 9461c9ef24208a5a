import { ResponseCode } from '@promoter/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/**
 * One place turns every failure into the envelope (DESIGN section 3): refusals are 200 with their code, a bad
 * request is 400 naming the field, rate limits 429, anything unexpected 500 with 服务器错误 and the request id in
 * the log, never a stack trace to the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(200)
        .send({ code: error.code, msg: request.t(error.messageKey, error.params), data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where =
        issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
      const field = `${where}: ${issue?.message ?? 'invalid'}`;
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
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: ResponseCode.failure, msg: request.t('serverError'), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ code: ResponseCode.failure, msg: request.t('notFound'), data: null });
  });
}
