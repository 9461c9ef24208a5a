import { ResponseCode, SESSION_EXPIRED_MSG } from '@promoter/contract';
import type { CallData, CallDef, CallInput, CallName } from '@promoter/contract';
import { HTTP_TIMEOUT_MS } from '../config/constants';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { i18n } from '../i18n';
import { notify } from '../lib/notify';
import { progress } from '../lib/progress';
import { operatorSession } from '../lib/operator-session';
import { session } from '../lib/session';
import { agentRoutes, type CallRoute } from './call-routes';
import { ApiError, ContractError, NetworkError } from './errors';

/**
 * The one API client (SPEC sections 7 and 8), typed by the contract's call table:
 * - base `/api/`, JSON, 10 000 ms time-out, the stored token in `XX-Token`, the session's player id in
 *   `uid` for the shop calls, the app's language in `X-Lang` (the server's messages follow it);
 * - code 1 resolves with `data` as the server sent it, typed by the contract: the agents' and players' calls are not
 *   checked again here (decision 047). The server encodes every answer through its call's data schema
 *   (apps/server/src/http/route.ts, `response: ZEnvelopeOf(def.data)` with fastify-type-provider-zod's serializer),
 *   so an answer that breaks the contract is a 500, never sent; its API tests fail on any 500 (test/helper.ts) and
 *   the authorization matrix calls every call. The console's calls, in their own lazy chunk, still parse theirs
 *   (a mismatch toasts and rejects with a ContractError);
 * - code 0 stops the progress bar, shows an error toast with `msg`, and rejects;
 * - code 10001 or the session-expired message clears the session and goes back to login;
 * - other codes (1001, 1002) reject with an ApiError for the caller to handle;
 * - network errors and time-outs reject with a NetworkError (no toast: the caller decides).
 * The operator console's calls (`auth: 'operator'`, decision 018) carry the operator's token in `X-Operator-Token`
 * and never the agent's; their 10101 ends the operator's session only and goes to the console's login, and their
 * 10103 (a right the role lacks) shows its message.
 */

let onSessionExpired: () => void = () => {
  window.location.hash = `#${paths.session.login.getHref()}`;
};

/** The app plugs in its router's navigation; the default goes through the hash. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let onOperatorSessionExpired: () => void = () => {
  window.location.hash = `#${paths.admin.login.getHref()}`;
};

/** The console plugs in its router's navigation back to its login page. */
export function setOperatorSessionExpiredHandler(handler: () => void): void {
  onOperatorSessionExpired = handler;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra request headers (the trusted-device token of a password sign-in). */
  headers?: Record<string, string>;
  /** Sees the answer's HTTP headers (a newly issued device token) before its envelope is handled. */
  onHeaders?: (headers: Headers) => void;
  /**
   * A refusal (code 0) is an answer the caller expects, not an error to show: no toast (the header search looking an
   * entry up by a number that may be a player's or an agent's id).
   */
  quietRefusal?: boolean;
}

/** GET input as a query string: undefined values are left out, the rest stringified. */
export function toQueryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function linkSignals(timeout: AbortController, outer: AbortSignal | undefined): () => void {
  if (!outer) return () => undefined;
  if (outer.aborted) {
    timeout.abort(outer.reason);
    return () => undefined;
  }
  const forward = () => timeout.abort(outer.reason);
  outer.addEventListener('abort', forward, { once: true });
  return () => outer.removeEventListener('abort', forward);
}

/**
 * The console's calls are fetched with the console's first call: the agents' app never builds their schemas
 * (decision 029), nor its own (decision 047: it reads its routes from call-routes.ts).
 */
let consoleCalls: Promise<Partial<Record<CallName, CallDef>>> | undefined;

/** A call's route, and for a call of the console its schemas, which check what it sends and what it gets. */
async function callDef(name: CallName): Promise<{ route: CallRoute; schemas: CallDef | null }> {
  if (Object.prototype.hasOwnProperty.call(agentRoutes, name))
    return { route: agentRoutes[name as keyof typeof agentRoutes], schemas: null };
  consoleCalls ??= import('@promoter/contract/console-calls').then(
    (m) => m.consoleCalls as Partial<Record<CallName, CallDef>>,
    (error: unknown) => {
      consoleCalls = undefined;
      throw new NetworkError(`the console's calls did not load: ${(error as Error).message}`);
    },
  );
  const def = (await consoleCalls)[name];
  if (!def) throw new ContractError(`no call named ${name}`);
  return { route: def as CallRoute, schemas: def };
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** The envelope's own shape, checked by hand: a page or a proxy's error instead of an answer is no envelope. */
export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { code, msg } = value as Record<string, unknown>;
  return Number.isInteger(code) && typeof msg === 'string';
}

/** How often a call answered 503 (the database away for a moment) is sent in all, and the longest wait between. */
const BUSY_ATTEMPTS = 4;
const BUSY_WAIT_MAX_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One exchange with the server, under the call's time-out: its HTTP status, its envelope, its Retry-After. */
async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
  options: RequestOptions,
): Promise<{ status: number; envelope: Envelope; retryAfterMs: number }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const unlink = linkSignals(controller, options.signal);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    options.onHeaders?.(response.headers);
    const envelope: unknown = await response.json();
    if (!isEnvelope(envelope)) throw new NetworkError(`not an envelope (HTTP ${response.status})`);
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      status: response.status,
      envelope,
      retryAfterMs:
        Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, BUSY_WAIT_MAX_MS) : 1000,
    };
  } catch (error) {
    if (error instanceof NetworkError) throw error;
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error instanceof Error ? error.message : String(error), timedOut);
  } finally {
    clearTimeout(timer);
    unlink();
  }
}

export async function request<N extends CallName>(
  name: N,
  input: CallInput<N>,
  options: RequestOptions = {},
): Promise<CallData<N>> {
  const { route: def, schemas } = await callDef(name);
  // The agents' and players' input goes as the caller built it from its typed form: the forms check it with the
  // contract's rules and the server parses it with the call's schema (its defaults and coercions are the server's).
  const body = (schemas ? schemas.input.parse(input) : (input ?? {})) as Record<string, unknown>;
  const isOperatorCall = def.auth === 'operator';
  const { token } = session.get();
  const operatorToken = operatorSession.get().token;

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (isOperatorCall) {
    if (operatorToken) headers['X-Operator-Token'] = operatorToken;
  } else if (token && !def.path.startsWith('admin/')) {
    headers['XX-Token'] = token;
  }
  // The server answers its messages (refusals, entry memos) in the language the person chose here.
  if (i18n.language) headers['X-Lang'] = i18n.language;
  if (def.uidHeader) {
    const playerId = session.playerId();
    if (playerId !== null) headers.uid = String(playerId);
  }
  let url = `${env.apiBase}${def.path}`;
  let payload: string | undefined;
  if (def.method === 'GET') {
    url += toQueryString(body);
  } else {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  // A 503 says the database is away for a moment (it restarts itself in a few seconds): a read, or a call that carries
  // a requestId (applied once however often it is sent), is sent again after the server's Retry-After, and the person
  // is told it is being retried rather than shown a failure (decision 037).
  const retriable = def.method === 'GET' || typeof body.requestId === 'string';
  let envelope: Envelope;
  for (let attempt = 1; ; attempt++) {
    const answer = await send(url, { method: def.method, headers, body: payload }, options);
    if (answer.status === 503 && retriable && attempt < BUSY_ATTEMPTS && !options.signal?.aborted) {
      if (attempt === 1) notify.info(i18n.t('errors.busyRetrying'));
      await sleep(answer.retryAfterMs);
      continue;
    }
    envelope = answer.envelope;
    break;
  }

  throwIfRefused(envelope, isOperatorCall ? { operatorToken } : null, options.quietRefusal === true);

  let data = envelope.data;
  if (schemas) {
    const parsed = schemas.data.safeParse(data);
    if (!parsed.success) {
      progress.done();
      notify.error(i18n.t('errors.badResponse'));
      throw new ContractError(`${def.path}: ${parsed.error.message}`);
    }
    data = parsed.data;
  }
  if (isOperatorCall) operatorSession.touch();
  else if (token && def.auth !== 'anyone') session.touch();
  return data as CallData<N>;
}

/**
 * An envelope that is not a success, handled as every call's is: the operator's 10101 ends its session (and goes to
 * the console's login), its 10103 shows why; the agent's 10001 ends the agent's session; a failure (0) shows its
 * message; every one rejects with an ApiError. `operator` is given for the console's calls (the token they carried).
 * The CSV exports, which answer a file unless refused, read their refusals through this too.
 */
export function throwIfRefused(
  envelope: { code: number; msg: string },
  operator: { operatorToken: string | null } | null,
  quietRefusal = false,
): void {
  const isOperatorCall = operator !== null;
  if (isOperatorCall && envelope.code === ResponseCode.operatorNotSignedIn) {
    progress.done();
    const hadSession = operator.operatorToken !== null;
    operatorSession.clear();
    if (hadSession) notify.error(envelope.msg);
    onOperatorSessionExpired();
    throw new ApiError(envelope.code, envelope.msg);
  }
  if (isOperatorCall && envelope.code === ResponseCode.operatorForbidden) {
    progress.done();
    notify.error(envelope.msg);
    throw new ApiError(envelope.code, envelope.msg);
  }
  if (envelope.code === ResponseCode.notSignedIn || envelope.msg === SESSION_EXPIRED_MSG) {
    progress.done();
    const hadSession = session.get().token !== null;
    session.clear();
    if (hadSession) notify.error(envelope.msg || SESSION_EXPIRED_MSG);
    onSessionExpired();
    throw new ApiError(envelope.code, envelope.msg);
  }
  if (envelope.code === ResponseCode.failure) {
    progress.done();
    if (!quietRefusal) notify.error(envelope.msg);
    throw new ApiError(envelope.code, envelope.msg);
  }
  if (envelope.code !== ResponseCode.success) {
    throw new ApiError(envelope.code, envelope.msg);
  }
}
