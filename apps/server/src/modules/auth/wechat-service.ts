import { randomBytes } from 'node:crypto';
import { ResponseCode, type TLoginResult, type TWxUserInfo } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { players } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  authorizeUrl,
  exchangeCode,
  WechatError,
  type WechatOAuthConfig,
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

/** The authorize URL, with a signed state; only a redirect back to this site is allowed. */
export function wechatAuthorizeUrl(config: Config, redirect: string, siteUrl: string): { url: string } {
  const wechat = wechatConfig(config);
  if (new URL(redirect).origin !== new URL(siteUrl).origin) throw new AppError('redirectNotAllowed');
  const state = signPayload(
    config.appSecret,
    'wx-state',
    { n: randomBytes(6).toString('base64url') },
    STATE_TTL_SECONDS,
  );
  return { url: authorizeUrl(wechat, redirect, state) };
}

/**
 * Exchanges the code for the union id and the profile, and hands back a short-lived signed ticket that proves
 * them to loginByUnionId.
 */
export async function wechatUnionId(
  config: Config,
  input: { code: string; state: string },
): Promise<{ unionId: string; wxUserInfo: TWxUserInfo; ticket: string }> {
  const wechat = wechatConfig(config);
  // The state proves the authorization started here (getCode): a code pushed from elsewhere is refused.
  if (!verifyPayload(config.appSecret, 'wx-state', input.state)) {
    throw new AppError('wechatTicketInvalid');
  }
  try {
    const info = await exchangeCode(wechat, input.code);
    const ticket = signPayload(config.appSecret, 'wx-union', { u: info.unionid }, UNION_TICKET_TTL_SECONDS);
    return { unionId: info.unionid, wxUserInfo: info, ticket };
  } catch (error) {
    if (!(error instanceof WechatError)) throw error;
    const keys = {
      'invalid-code': 'wechatCodeInvalid',
      'used-code': 'wechatCodeUsed',
      'expired-code': 'wechatCodeExpired',
      'no-unionid': 'wechatNoUnionId',
      unavailable: 'wechatUnavailable',
    } as const;
    const key = keys[error.reason];
    throw new AppError(key);
  }
}

/** Signs in the player whose union id the ticket proves; 1001 when no game account carries it yet. */
export async function loginWithUnionId(
  deps: LoginDeps,
  secret: string,
  input: { unionId: string; ticket: string },
): Promise<TLoginResult> {
  const proof = verifyPayload<{ u: string }>(secret, 'wx-union', input.ticket);
  if (!proof || proof.u !== input.unionId) throw new AppError('wechatTicketInvalid');
  const [player] = await deps.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.unionId, input.unionId));
  if (!player) throw new AppError('noGameAccount', undefined, ResponseCode.noGameAccount);
  return loginPlayer(deps, player.id);
}
