import type { FastifyRequest } from 'fastify';

/** The address people reach this server at: PUBLIC_URL when configured, otherwise the request's own host. */
export function publicUrlOf(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
