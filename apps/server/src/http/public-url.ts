import type { FastifyRequest } from 'fastify';

/**
 * The address people reach this server at: PUBLIC_URL when configured. Without it, the request's own Host header
 * only outside production or when the operator opted in (ALLOW_HOST_HEADER_URLS): a forged Host must not become a
 * payment's notify or return address, nor an invite link. Otherwise this machine's own address, as the embedded
 * demo prints it.
 */
export function publicUrlOf(request: FastifyRequest): string {
  const { config } = request.server;
  if (config.publicUrl) return config.publicUrl;
  if (config.hostHeaderUrls) return `${request.protocol}://${request.host}`;
  const address = request.server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return `http://localhost:${port}`;
}
