import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * Inside one encapsulated plugin, keeps the exact bytes of a JSON body beside the parsed value: signatures
 * (the game API's HMAC, payment notifications) are computed over the bytes, not over a re-serialization.
 */
export function keepRawJsonBody(app: FastifyInstance, bodyLimit = 64 * 1024): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      const error = new SyntaxError('invalid JSON') as SyntaxError & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
}
