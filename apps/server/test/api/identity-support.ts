import type { FastifyInstance } from 'fastify';
import { type MessageKey, translate } from '../../src/i18n/messages';

/** Shared by the identity tests: calls from fresh addresses, messages, mobiles and codes. */

let lastAddress = 0;
/** Each call comes from its own address, so the per-address route limits stay out of the way. */
export function nextAddress(): string {
  lastAddress += 1;
  return `10.30.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** Calls the API through inject, from a fresh address unless `ip` names one. */
export async function api<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: object; query?: Record<string, string>; token?: string; lang?: 'en'; ip?: string } = {},
): Promise<{ status: number; code: number; msg: string; data: T }> {
  const response = await app.inject({
    method,
    url: `/api/${path}`,
    query: options.query,
    payload: options.body,
    headers: {
      ...(options.token ? { 'xx-token': options.token } : {}),
      ...(options.lang ? { 'x-lang': options.lang } : {}),
    },
    remoteAddress: options.ip ?? nextAddress(),
  });
  return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: T }) };
}

/** A server message in Chinese, as the client sees it by default. */
export const cn = (key: MessageKey, params?: Record<string, string | number>) => translate('cn', key, params);

let lastMobile = 0;
/** A mobile number no other test of the file has used. */
export const newMobile = () => String(13_400_000_000 + ++lastMobile);

/** A 6-digit code that is surely not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
