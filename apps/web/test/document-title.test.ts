// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../src/i18n';

describe("the page's title", () => {
  it("is the app's name in the app's language, not index.html's Chinese", async () => {
    document.title = '推广员系统';
    await initI18n('ja');
    expect(document.title).toBe('プロモーターシステム');
    await i18n.changeLanguage('ar');
    expect(document.title).toBe('نظام المروّجين');
    await i18n.changeLanguage('cn');
    expect(document.title).toBe('推广员系统');
  });
});
