import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/device-label';

/** The browser and address a request came from, as a new session keeps them. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : '', address: request.ip };
}
