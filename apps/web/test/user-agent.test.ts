import { describe, expect, it } from 'vitest';
import { isWeChatBrowser, parseUserAgent } from '../src/lib/user-agent';

const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36';

describe('parseUserAgent', () => {
  it('reads platform, version and player id from the LG part', () => {
    expect(parseUserAgent(`${ANDROID_WEBVIEW} LGGame/android/2.3.1/100042`)).toEqual({
      platform: 'android',
      version: '2.3.1',
      playerId: '100042',
    });
  });

  it('finds the LG part wherever it sits in the string', () => {
    expect(parseUserAgent(`LG/ios/1.0.0/7 ${ANDROID_WEBVIEW}`)).toEqual({
      platform: 'ios',
      version: '1.0.0',
      playerId: '7',
    });
  });

  it('gives null for a browser without the LG part', () => {
    expect(parseUserAgent(ANDROID_WEBVIEW)).toBeNull();
    expect(parseUserAgent('')).toBeNull();
    expect(parseUserAgent(undefined)).toBeNull();
    expect(parseUserAgent(null)).toBeNull();
  });

  it('gives null when the LG part does not have exactly four fields', () => {
    expect(parseUserAgent(`${ANDROID_WEBVIEW} LGGame/android/2.3.1`)).toBeNull();
    expect(parseUserAgent(`${ANDROID_WEBVIEW} LGGame/android/2.3.1/100042/extra`)).toBeNull();
    expect(parseUserAgent(`${ANDROID_WEBVIEW} LGGame//2.3.1/100042`)).toBeNull();
  });

  it('does not mistake a token that merely contains LG', () => {
    expect(parseUserAgent('Mozilla/5.0 (Linux; Android 9; LM-G710) SAMSUNG-LG/a/b/c')).toBeNull();
  });
});

describe('isWeChatBrowser', () => {
  it('recognises WeChat', () => {
    expect(isWeChatBrowser(`${ANDROID_WEBVIEW} MicroMessenger/8.0.47.2560(0x28002F35)`)).toBe(true);
    expect(isWeChatBrowser(ANDROID_WEBVIEW)).toBe(false);
  });
});
