// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadTextAreas } from '../src/i18n';
import { createTranslator, type Texts } from '../src/i18n/translator';
import { useTranslation } from '../src/i18n/use-translation';

/**
 * The app's own i18n (decision 051): what it took from i18next, a text per dotted key with `{{name}}` values, the
 * key itself when there is none, a language loaded before it is switched to, and screens that follow the language.
 */
const TEXTS: Record<string, Texts> = {
  cn: {
    app: { brand: '推广员系统' },
    main: { greeting: '你好，{{name}}', count: '{{count}} 条，共 {{ total }} 条' },
  },
  en: { app: { brand: 'Promoter System' }, main: { greeting: 'Hello, {{name}}' } },
};

/** A load that answers when the test says so. */
function controlledLoad() {
  const pending = new Map<string, { resolve: (texts: Texts) => void; reject: (error: Error) => void }>();
  const load = vi.fn(
    (language: string) => new Promise<Texts>((resolve, reject) => pending.set(language, { resolve, reject })),
  );
  const answer = async (language: string) => {
    pending.get(language)?.resolve(TEXTS[language] ?? {});
    await act(async () => undefined);
  };
  const fail = async (language: string) => {
    pending.get(language)?.reject(new Error('offline'));
    await act(async () => undefined);
  };
  return { load, answer, fail };
}

async function loadedTranslator(language = 'cn') {
  const translator = createTranslator((lng) => Promise.resolve(TEXTS[lng] ?? {}));
  await translator.changeLanguage(language);
  return translator;
}

afterEach(cleanup);

describe('a text', () => {
  it('is found by its dotted key, with its {{values}} in place (numbers as written)', async () => {
    const { t } = await loadedTranslator();
    expect(t('app.brand')).toBe('推广员系统');
    expect(t('main.greeting', { name: '钻石哥' })).toBe('你好，钻石哥');
    expect(t('main.count' as never, { count: 3, total: 1200 })).toBe('3 条，共 1200 条');
  });

  it('keeps a placeholder whose value is not given, and shows null as nothing (as i18next did)', async () => {
    const { t } = await loadedTranslator();
    expect(t('main.greeting')).toBe('你好，{{name}}');
    expect(t('main.greeting', { name: null })).toBe('你好，');
  });

  it('is its key when the language has none, or its default value (with its values) when one is given', async () => {
    const { t } = await loadedTranslator();
    expect(t('main.figuresTitle')).toBe('main.figuresTitle');
    expect(t('main' as never)).toBe('main');
    expect(t('admin.status.someday', { defaultValue: 'someday' })).toBe('someday');
    expect(t('admin.status.new', { defaultValue: '{{n}} new', n: 2 })).toBe('2 new');
    expect(t('app.brand', { defaultValue: 'unused' })).toBe('推广员系统');
  });

  it('has a key checked against the locale files at compile time', async () => {
    const { t } = await loadedTranslator();
    // @ts-expect-error a key the locale files do not have does not compile
    expect(t('no.such.key')).toBe('no.such.key');
  });
});

describe('changing the language', () => {
  it('loads the texts first, then switches and tells the listeners', async () => {
    const { load, answer } = controlledLoad();
    const translator = createTranslator(load);
    const changed = vi.fn();
    translator.on('languageChanged', changed);

    const first = translator.changeLanguage('cn');
    expect(translator.isInitialized).toBe(false);
    await answer('cn');
    await first;
    expect(translator.isInitialized).toBe(true);
    expect(changed).toHaveBeenLastCalledWith('cn');
    const chineseT = translator.t;

    const second = translator.changeLanguage('en');
    await act(async () => undefined);
    expect(translator.language).toBe('cn');
    expect(translator.t('app.brand')).toBe('推广员系统');
    expect(changed).toHaveBeenCalledTimes(1);

    await answer('en');
    await second;
    expect(translator.language).toBe('en');
    expect(translator.t('app.brand')).toBe('Promoter System');
    expect(translator.t).not.toBe(chineseT);
    expect(changed).toHaveBeenCalledTimes(2);
    expect(changed).toHaveBeenLastCalledWith('en');

    // Back to a loaded language: no second fetch.
    await translator.changeLanguage('cn');
    expect(load).toHaveBeenCalledTimes(2);
    translator.off('languageChanged', changed);
    await translator.changeLanguage('en');
    expect(changed).toHaveBeenCalledTimes(3);
  });

  it('ends on the language asked for last when loads overlap', async () => {
    const { load, answer } = controlledLoad();
    const translator = createTranslator(load);
    const toEnglish = translator.changeLanguage('en');
    const toChinese = translator.changeLanguage('cn');
    await answer('cn');
    await answer('en');
    await Promise.all([toEnglish, toChinese]);
    expect(translator.language).toBe('cn');
  });

  it('loads a language once while it is on its way', async () => {
    const { load, answer } = controlledLoad();
    const translator = createTranslator(load);
    const preload = translator.loadLanguages('en');
    const change = translator.changeLanguage('en');
    await answer('en');
    await Promise.all([preload, change]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(translator.loadedLanguages()).toEqual(['en']);
  });

  it('switches all the same when the texts fail to load, and tries again the next time', async () => {
    const { load, answer, fail } = controlledLoad();
    const translator = createTranslator(load);
    const change = translator.changeLanguage('en');
    await fail('en');
    await change;
    expect(translator.language).toBe('en');
    expect(translator.t('app.brand')).toBe('app.brand');

    const changed = vi.fn();
    translator.on('languageChanged', changed);
    const again = translator.changeLanguage('en');
    await answer('en');
    await again;
    expect(load).toHaveBeenCalledTimes(2);
    expect(translator.t('app.brand')).toBe('Promoter System');
    expect(changed).toHaveBeenCalledExactlyOnceWith('en');
  });

  it('adds a feature area beside the texts already loaded', async () => {
    const translator = await loadedTranslator();
    translator.addTexts('cn', { dashboards: { period: { label: '统计周期' } } });
    expect(translator.t('dashboards.period.label')).toBe('统计周期');
    expect(translator.t('app.brand')).toBe('推广员系统');
  });
});

describe("the app's texts", () => {
  it('start in the chosen language, and a lazy area reaches every loaded language and the ones chosen later', async () => {
    await initI18n('cn');
    await i18n.loadLanguages('ja');
    expect(i18n.t('dashboards.period.label')).toBe('dashboards.period.label');
    await loadTextAreas(['dashboards']);
    expect(i18n.t('dashboards.period.label')).toBe('统计周期');
    expect(i18n.t('main.greeting', { name: '钻石哥' })).toBe('你好，钻石哥');

    await i18n.changeLanguage('ja');
    expect(i18n.t('dashboards.period.label')).not.toBe('dashboards.period.label');
    await i18n.changeLanguage('en');
    expect(i18n.t('dashboards.period.label')).toBe('Period');
    expect(i18n.t('app.brand')).toBe('Promoter System');
    await i18n.changeLanguage('cn');
  });

  it('render a screen again in the new language, with a new t for its effects', async () => {
    await initI18n('cn');
    const effects = vi.fn();
    let renders = 0;
    function Greeting() {
      const { t, i18n: translator } = useTranslation();
      renders++;
      useEffect(() => effects(t('app.brand')), [t]);
      return (
        <p data-testid="greeting" lang={translator.language}>
          {t('main.greeting', { name: '钻石哥' })}
        </p>
      );
    }
    render(<Greeting />);
    expect(screen.getByTestId('greeting').textContent).toBe('你好，钻石哥');
    const rendersBefore = renders;

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('greeting').textContent).toBe('Hello, 钻石哥');
    expect(screen.getByTestId('greeting').getAttribute('lang')).toBe('en');
    expect(renders).toBeGreaterThan(rendersBefore);
    expect(effects.mock.calls.map(([brand]) => brand as string)).toEqual(['推广员系统', 'Promoter System']);

    await act(() => i18n.changeLanguage('cn'));
    expect(screen.getByTestId('greeting').textContent).toBe('你好，钻石哥');
  });
});
