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
  const server = request.server.server;
  const known = localUrls.get(server);
  if (known) return known;
  // The listening port is asked of the system once (a system call per request was 4 % of getUser's CPU).
  const address = server.address();
  if (typeof address !== 'object' || !address) return `http://localhost:${config.port}`;
  const url = `http://localhost:${address.port}`;
  localUrls.set(server, url);
  return url;
}

/** Each HTTP server's own address once it listens (its port does not change while it does). */
const localUrls = new WeakMap<object, string>();
