import { describe, expect, it } from 'vitest';
import { cn, LOCALES, pickLocale, translate } from '../../src/i18n/messages';

describe('server messages', () => {
  it('translates with parameters and falls back to Chinese', () => {
    expect(translate('cn', 'invalidField', { field: 'token' })).toBe('参数错误：token');
    expect(translate('en', 'invalidField', { field: 'token' })).toBe('Invalid parameter: token');
  });

  it('keeps the two messages the client recognises by text in Chinese in every locale', () => {
    for (const locale of LOCALES) {
      expect(translate(locale, 'sessionExpired')).toBe(cn.sessionExpired);
      expect(translate(locale, 'serverError')).toBe(cn.serverError);
    }
  });

  it('picks the client’s locale, then the browser’s, then Chinese', () => {
    expect(pickLocale('en', 'zh-CN')).toBe('en');
    expect(pickLocale('xx', 'de-DE,de;q=0.9')).toBe('ge');
    expect(pickLocale(undefined, 'es')).toBe('sp');
    expect(pickLocale(undefined, undefined)).toBe('cn');
  });
});
