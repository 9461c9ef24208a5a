/**
 * A short name of the device a session was opened on, read from its User-Agent for the session lists ("WeChat ·
 * Android", "Chrome · Windows"): product names, so the same in every language. Only what the list needs to tell one
 * device from another; an unknown agent string names nothing rather than guessing.
 */
const APPS: readonly [RegExp, string][] = [
  [/MicroMessenger/i, 'WeChat'],
  [/\bQQ\//, 'QQ'],
  [/MQQBrowser|QQBrowser/i, 'QQ Browser'],
  [/UCBrowser|UCWEB/i, 'UC Browser'],
  [/HuaweiBrowser/i, 'Huawei Browser'],
  [/MiuiBrowser/i, 'Mi Browser'],
  [/EdgA?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/HarmonyOS|OpenHarmony/i, 'HarmonyOS'],
  [/Android/i, 'Android'],
  [/iPhone/i, 'iPhone'],
  [/iPad/i, 'iPad'],
  [/Windows/i, 'Windows'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];

const first = (table: readonly [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

export function deviceLabel(userAgent: string): string {
  return [first(APPS, userAgent), first(SYSTEMS, userAgent)].filter(Boolean).join(' · ');
}

/** What is kept of the client where a session starts. */
export interface ClientInfo {
  userAgent: string;
  address: string;
}

/** The User-Agent kept is cut: a session row is not the place for an arbitrarily long header. */
export const USER_AGENT_KEPT = 300;
