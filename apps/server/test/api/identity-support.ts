import type { CallInput, CallName } from '@promoter/contract';
import type { FastifyInstance } from 'fastify';
import { type MessageKey, translate } from '../../src/i18n/messages';
import { api as callApi, apiUnchecked as callUnchecked } from '../helper';

/** Shared by the identity tests: calls from fresh addresses, messages, mobiles and codes. */

let lastAddress = 0;
/** Each call comes from its own address, so the per-address route limits stay out of the way. */
export function nextAddress(): string {
  lastAddress += 1;
  return `10.30.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** A call of the contract (the helper's `api`), from a fresh address unless `ip` names one. */
export function api<N extends CallName>(
  app: FastifyInstance,
  name: N,
  options: { input?: CallInput<N>; token?: string; lang?: 'en'; ip?: string } = {},
) {
  const { lang, ip, ...rest } = options;
  return callApi(app, name, { ...rest, ip: ip ?? nextAddress(), headers: lang ? { 'x-lang': lang } : {} });
}

/** `api` with an input the contract's types refuse on purpose (the helper's `apiUnchecked`), from a fresh address. */
export function apiUnchecked<N extends CallName>(
  app: FastifyInstance,
  name: N,
  options: { input?: unknown; token?: string; ip?: string } = {},
) {
  return callUnchecked(app, name, { ...options, ip: options.ip ?? nextAddress() });
}

/** A server message in Chinese, as the client sees it by default. */
export const cn = (key: MessageKey, params?: Record<string, string | number>) => translate('cn', key, params);

let lastMobile = 0;
/** A mobile number no other test of the file has used. */
export const newMobile = () => String(13_400_000_000 + ++lastMobile);

/** A 6-digit code that is surely not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
