// One request as it crosses the wire (node:http, nothing decompressed behind our back): what the probes of the
// bench use to check an answer and to weigh it.
import http from 'node:http';
import zlib from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes received (compressed when the server compressed). */
  wire: Buffer;
  /** The bytes decoded. */
  body: Buffer;
}

export const BROWSER_ENCODINGS = 'gzip, deflate, br';

export function decode(wire: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(wire);
  if (encoding === 'gzip') return zlib.gunzipSync(wire);
  if (encoding === 'deflate') return zlib.inflateSync(wire);
  return wire;
}

export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        try {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            wire,
            body: decode(wire, res.headers['content-encoding']),
          });
        } catch (error) {
          reject(error as Error);
        }
      });
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${url}: no answer in 60 s`)));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** An API call's envelope, checked: HTTP 200 and code 1, or an error naming what came back. */
export async function apiCall<T>(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ data: T; json: string; answer: RawAnswer }> {
  const answer = await request(url, options);
  const json = answer.body.toString('utf8');
  let envelope: { code?: number; data?: T; msg?: string };
  try {
    envelope = JSON.parse(json) as typeof envelope;
  } catch {
    throw new Error(`${url}: HTTP ${answer.status}, not JSON: ${json.slice(0, 200)}`);
  }
  if (answer.status !== 200 || envelope.code !== 1)
    throw new Error(`${url}: HTTP ${answer.status}, code ${envelope.code}: ${envelope.msg ?? ''}`);
  return { data: envelope.data as T, json, answer };
}
