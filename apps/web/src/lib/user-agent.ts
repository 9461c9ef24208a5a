/**
 * The game's web view appends a part `LG<name>/<platform>/<version>/<playerId>` to the browser's user
 * agent string (SPEC section 3 'User agent record'). This reads it; any other browser gives `null`.
 */
export interface UserAgentRecord {
  platform: string;
  version: string;
  playerId: string;
}

export function parseUserAgent(userAgent: string | null | undefined): UserAgentRecord | null {
  if (!userAgent) return null;
  const part = userAgent.split(/\s+/).find((token) => token.startsWith('LG'));
  if (!part) return null;
  const [prefix, platform, version, playerId, ...rest] = part.split('/');
  if (!prefix || !platform || !version || !playerId || rest.length > 0) return null;
  return { platform, version, playerId };
}

/** Whether the page runs inside WeChat's built-in browser. */
export function isWeChatBrowser(userAgent: string | null | undefined): boolean {
  return /MicroMessenger/i.test(userAgent ?? '');
}
