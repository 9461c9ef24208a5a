import { GAME_RESPONSE_KEPT_BYTES } from '@promoter/contract';
import { Webhook } from 'standardwebhooks';

/**
 * One Standard Webhooks 1.0 delivery (decision 040): a POST of the JSON body with `webhook-id`, `webhook-timestamp`
 * and `webhook-signature` (one `v1,` signature per secret, space-separated, so a game verifying with either the old or
 * the new secret accepts it during a rotation). Success is any 2xx within the timeout; redirects are not followed
 * (a 3xx is a failure: the configured address is the only one deliveries go to); the answer's body is kept to 1 KB.
 * Never called inside a database transaction.
 */
export interface DeliveryResult {
  /** The answer's status; null when there was no answer (refused, timed out, reset). */
  status: number | null;
  ok: boolean;
  latencyMs: number;
  /** The first 1 KB of the answer's body. */
  response: string;
  /** Why there was no answer. */
  error: string | null;
}

export const DELIVERY_TIMEOUT_MS = 10_000;
/** The answer's first 1 KB is kept (the console shows it with each try). */
const RESPONSE_KEPT_BYTES = GAME_RESPONSE_KEPT_BYTES;

export function signatureHeader(secrets: readonly string[], id: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
}

export async function sendWebhook(
  endpoint: { url: string; secrets: readonly string[] },
  message: { id: string; body: string },
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<DeliveryResult> {
  const at = new Date();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'promoter-game-delivery/1',
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signatureHeader(endpoint.secrets, message.id, at, message.body),
      },
      body: message.body,
    });
    const response1k = await firstBytes(response, RESPONSE_KEPT_BYTES);
    return {
      status: response.status,
      ok: response.status >= 200 && response.status < 300,
      latencyMs: elapsed(),
      response: response1k,
      error: null,
    };
  } catch (error) {
    const name = (error as { name?: string }).name;
    const reason =
      name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : ((error as { cause?: { code?: string; message?: string } }).cause?.code ??
          (error as Error).message);
    return { status: null, ok: false, latencyMs: elapsed(), response: '', error: reason };
  }
}

/**
 * Reads at most `limit` bytes of the body and drops the rest, so a huge or endless answer costs nothing; a character
 * the limit would split is left out whole.
 */
async function firstBytes(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const body = Buffer.concat(chunks);
  // Cut before a character the limit splits (its continuation bytes are 10xxxxxx): whole characters only, within it.
  let end = Math.min(limit, body.length);
  if (body.length > limit) while (end > 0 && ((body[end] as number) & 0xc0) === 0x80) end--;
  return body.subarray(0, end).toString('utf8');
}
