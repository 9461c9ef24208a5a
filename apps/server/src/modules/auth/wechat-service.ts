import { createHash, randomBytes } from 'node:crypto';
import { ResponseCode, type TLoginResult, type TWxUserInfo } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { players } from '../../db/schema';
import { AppError } from '../../errors';
import type { Db } from '../../db/client';
import {
  authorizeUrl,
  exchangeCode,
  exchangeCodeForOpenId,
  WechatError,
  type WechatOAuthConfig,
  type WechatScope,
} from '../../platform/wechat/wechat-oauth';
import { type LoginDeps, loginPlayer } from './login-service';
import { signPayload, verifyPayload } from './signed-token';

const STATE_TTL_SECONDS = 10 * 60;
const UNION_TICKET_TTL_SECONDS = 10 * 60;

function wechatConfig(config: Config): WechatOAuthConfig {
  const { appId, appSecret, apiBase, openBase } = config.wechat;
  if (!appId || !appSecret) throw new AppError('wechatNotConfigured');
  return { appId, appSecret, apiBase, openBase };
}

/** What a signed state was made for: signing in (snsapi_userinfo) or reading the payer's openid (snsapi_base). */
const STATE_PURPOSE: Record<WechatScope, string> = {
  snsapi_userinfo: 'wx-state',
  snsapi_base: 'wx-pay-state',
};

/** What a state carries of the browser's nonce: its hash (the nonce itself stays in the browser until it returns). */
const nonceHash = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

interface StatePayload {
  n: string;
  b?: string;
}

/**
 * The state came from getCode for this scope AND for this browser: an attacker's code and state, pushed into a
 * victim's browser (login CSRF), carry the attacker's nonce, not the one the victim's browser kept.
 */
function verifyState(config: Config, scope: WechatScope, input: { state: string; nonce: string }): void {
  const state = verifyPayload<StatePayload>(config.appSecret, STATE_PURPOSE[scope], input.state);
  if (!state || state.b !== nonceHash(input.nonce)) throw new AppError('wechatTicketInvalid');
}

/**
 * The authorize URL, with a state signed for its scope (a code authorized for one use is refused by the other)
 * and bound to the browser's nonce; only a redirect back to this site is allowed.
 */
export function wechatAuthorizeUrl(
  config: Config,
  input: { redirect: string; scope?: WechatScope | undefined; nonce: string },
  siteUrl: string,
): { url: string } {
  const wechat = wechatConfig(config);
  const scope = input.scope ?? 'snsapi_userinfo';
  if (new URL(input.redirect).origin !== new URL(siteUrl).origin) throw new AppError('redirectNotAllowed');
  const state = signPayload(
    config.appSecret,
    STATE_PURPOSE[scope],
    { n: randomBytes(6).toString('base64url'), b: nonceHash(input.nonce) } satisfies StatePayload,
    STATE_TTL_SECONDS,
  );
  return { url: authorizeUrl(wechat, input.redirect, state, scope) };
}

/** WeChat's refusals of a code, as the caller's messages. */
function wechatFailure(error: unknown): never {
  if (!(error instanceof WechatError)) throw error;
  const keys = {
    'invalid-code': 'wechatCodeInvalid',
    'used-code': 'wechatCodeUsed',
    'expired-code': 'wechatCodeExpired',
    'no-unionid': 'wechatNoUnionId',
    unavailable: 'wechatUnavailable',
  } as const;
  throw new AppError(keys[error.reason]);
}

/**
 * Exchanges the code for the union id and the profile, and hands back a short-lived signed ticket that proves
 * them to loginByUnionId.
 */
export async function wechatUnionId(
  config: Config,
  input: { code: string; state: string; nonce: string },
): Promise<{ unionId: string; wxUserInfo: TWxUserInfo; ticket: string }> {
  const wechat = wechatConfig(config);
  // The state proves the authorization started here (getCode), in this browser: a code pushed from elsewhere is
  // refused.
  verifyState(config, 'snsapi_userinfo', input);
  try {
    const info = await exchangeCode(wechat, input.code);
    // The ticket also carries the openid, kept at sign-in as the payer of WeChat Pay inside WeChat.
    const ticket = signPayload(
      config.appSecret,
      'wx-union',
      { u: info.unionid, o: info.openid },
      UNION_TICKET_TTL_SECONDS,
    );
    return { unionId: info.unionid, wxUserInfo: info, ticket };
  } catch (error) {
    return wechatFailure(error);
  }
}

/** What the union-id ticket proves: the union id and, under this site's app, the openid. */
interface UnionProof {
  u: string;
  o?: string;
}

/**
 * Records the openid that pays for the signed-in player inside WeChat, from the code of the silent authorization
 * (getCode with scope snsapi_base). The state must be one signed for that scope.
 */
export async function recordWechatPayer(
  config: Config,
  db: Db,
  playerId: number,
  input: { code: string; state: string; nonce: string },
): Promise<Record<string, never>> {
  const wechat = wechatConfig(config);
  verifyState(config, 'snsapi_base', input);
  let openId: string;
  try {
    openId = await exchangeCodeForOpenId(wechat, input.code);
  } catch (error) {
    return wechatFailure(error);
  }
  await db.update(players).set({ wechatOpenId: openId }).where(eq(players.id, playerId));
  return {};
}

/** Signs in the player whose union id the ticket proves; 1001 when no game account carries it yet. */
export async function loginWithUnionId(
  deps: LoginDeps,
  secret: string,
  input: { unionId: string; ticket: string },
): Promise<TLoginResult> {
  const proof = verifyPayload<UnionProof>(secret, 'wx-union', input.ticket);
  if (!proof || proof.u !== input.unionId) throw new AppError('wechatTicketInvalid');
  const [player] = await deps.db
    .select({ id: players.id, wechatOpenId: players.wechatOpenId })
    .from(players)
    .where(eq(players.unionId, input.unionId));
  if (!player) throw new AppError('noGameAccount', undefined, ResponseCode.noGameAccount);
  if (proof.o && proof.o !== player.wechatOpenId) {
    await deps.db.update(players).set({ wechatOpenId: proof.o }).where(eq(players.id, player.id));
  }
  return loginPlayer(deps, player.id);
}
