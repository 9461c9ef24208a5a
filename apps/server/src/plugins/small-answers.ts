import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import zlib from 'node:zlib';

/**
 * The API's compression, here and for @fastify/compress (app.ts): answers from 1 KB up, brotli at a fast quality,
 * else gzip.
 */
export const API_COMPRESSION = { threshold: 1024, brotliQuality: 4, gzipLevel: 6 } as const;
/** Up to this size an answer is compressed at once on the event loop (about 40 µs for a bill page at brotli 4). */
const MAX_BYTES = 64 * 1024;

type Encoding = 'br' | 'gzip';

/**
 * The encoding an `Accept-Encoding` header allows, brotli first: a coding named with q > 0, or `*` with q > 0 for a
 * coding not named; none when neither is acceptable.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weightOf = (coding: Encoding) => q.get(coding) ?? q.get('*') ?? 0;
  return (['br', 'gzip'] as const).reduce<Encoding | undefined>(
    (chosen, coding) => (weightOf(coding) > (chosen ? weightOf(chosen) : 0) ? coding : chosen),
    undefined,
  );
}

function compressible(reply: FastifyReply): boolean {
  const type = String(reply.getHeader('content-type') ?? 'application/json');
  return /^(application\/(json|problem\+json)|text\/)/.test(type);
}

/**
 * API answers of 1 to 64 KB (a bill page, a list) are compressed here in one call on this thread, the encoder told
 * their size: @fastify/compress makes a stream and an encoder per answer, about six times the CPU for the same bytes
 * (the bill page's compression was a sixth of the server's time, decision 028). Larger answers and streams (exports,
 * the docs) are left to @fastify/compress, which runs after this hook and skips what is already encoded.
 */
export const smallAnswersPlugin = fp(
  async function smallAnswersPlugin(app) {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const size = Buffer.byteLength(payload);
      if (size < API_COMPRESSION.threshold || size > MAX_BYTES) return payload;
      if (reply.getHeader('content-encoding') || request.headers['x-no-compression'] !== undefined)
        return payload;
      if (!compressible(reply)) return payload;
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const body =
        encoding === 'br'
          ? zlib.brotliCompressSync(payload, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            })
          : zlib.gzipSync(payload, { level: API_COMPRESSION.gzipLevel });
      const vary = reply.getHeader('vary');
      if (!vary) reply.header('vary', 'accept-encoding');
      else if (!/accept-encoding/i.test(String(vary)))
        reply.header('vary', `${String(vary)}, accept-encoding`);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return body;
    });
  },
  { name: 'small-answers' },
);
