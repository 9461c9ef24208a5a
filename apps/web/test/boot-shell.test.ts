// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOT_SHELL_ID,
  BOOT_SHELL_KEY,
  bootShellSnapshot,
  dismissBootShell,
  keepBootShell,
} from '../src/lib/boot-shell';
import { session } from '../src/lib/session';
import { AGENT } from './support/fixtures';

/**
 * A weak phone network (decision 027): a returning agent sees its last figures before the app's scripts have arrived
 * (boot-shell.js, inline in index.html, draws what src/lib/boot-shell.ts keeps); nobody else's, never off an agent page.
 */
const script = readFileSync(path.join(import.meta.dirname, '../boot-shell.js'), 'utf8');
const draw = () => new Function(script)() as void;

/** A stand-in of the translator with the Chinese texts the snapshot needs. */
const texts: Record<string, string> = {
  'figures.balance': '账户余额',
  'figures.diamonds': '钻石库存',
  'figures.todayProfit': '今日收益',
  'figures.todayDiamonds': '今日售出钻石',
};
function fakeI18n(language = 'cn'): Parameters<typeof keepBootShell>[0] {
  const listeners = new Set<() => void>();
  const fake = {
    language,
    t: ((key: string, params?: { name?: string }) =>
      key === 'main.greeting' ? `你好，${params?.name}` : (texts[key] ?? key)) as never,
    on: (_event: string, listener: () => void) => void listeners.add(listener),
    off: (_event: string, listener: () => void) => void listeners.delete(listener),
  };
  return fake as unknown as Parameters<typeof keepBootShell>[0];
}

const shell = () => document.getElementById(BOOT_SHELL_ID);
const figures = () => [...document.querySelectorAll('[data-boot-figure]')].map((card) => card.textContent);

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  window.location.hash = '#/agent/Main';
});
afterEach(() => session.clear());

describe('the first paint from the kept snapshot', () => {
  it('draws the signed-in agent’s greeting and four figures on /agent/Main, as the app formats them', () => {
    session.signInAgent('token-1', AGENT);
    const stop = keepBootShell(fakeI18n(), localStorage);
    stop();
    document.body.innerHTML = '<div id="root"></div>';
    draw();
    expect(shell()?.querySelector('h1')?.textContent).toBe('你好，钻石哥');
    expect(figures()).toEqual(['账户余额¥128.50', '钻石库存3,200', '今日收益¥12.00', '今日售出钻石120']);
    expect(shell()?.getAttribute('dir')).toBe('ltr');
  });

  it('follows the figures and the language, right to left for Hebrew', () => {
    session.signInAgent('token-1', AGENT);
    const i18n = fakeI18n();
    const stop = keepBootShell(i18n, localStorage);
    session.setUser({ ...AGENT, diamonds: 3100 });
    const kept = JSON.parse(localStorage.getItem(BOOT_SHELL_KEY) ?? '{}') as ReturnType<
      typeof bootShellSnapshot
    >;
    expect(kept.figures.find((f) => f.key === 'diamonds')?.value).toBe('3,100');
    expect(bootShellSnapshot(AGENT, fakeI18n('he')).dir).toBe('rtl');
    stop();
  });

  it('draws no figures for another agent, an expired session, the login page or another screen', () => {
    session.signInAgent('token-1', AGENT);
    keepBootShell(fakeI18n(), localStorage)();
    const snapshot = localStorage.getItem(BOOT_SHELL_KEY) ?? '';

    // Another agent signed in on the same phone (the snapshot left behind is not its own).
    localStorage.setItem('promoter.user', JSON.stringify({ ...AGENT, agentId: 100002 }));
    draw();
    expect(figures()).toEqual([]);
    shell()?.remove();

    localStorage.setItem('promoter.user', JSON.stringify(AGENT));
    localStorage.setItem('promoter.expiresAt', JSON.stringify(Date.now() - 1));
    draw();
    expect(figures()).toEqual([]);
    shell()?.remove();

    localStorage.setItem('promoter.expiresAt', JSON.stringify(Date.now() + 60_000));
    window.location.hash = '#/session/login?token=abc';
    draw();
    expect(figures()).toEqual([]);
    shell()?.remove();

    // Another agent page: its own screen comes, not Main's figures.
    window.location.hash = '#/agent/bill';
    draw();
    expect(figures()).toEqual([]);
    shell()?.remove();

    window.location.hash = '#/agent/Main';
    draw();
    expect(figures()).toHaveLength(4);
    shell()?.remove();

    // Sign-out removes the snapshot itself.
    localStorage.setItem(BOOT_SHELL_KEY, snapshot);
    const stop = keepBootShell(fakeI18n(), localStorage);
    session.clear();
    expect(localStorage.getItem(BOOT_SHELL_KEY)).toBeNull();
    stop();
  });

  it('never breaks the page: broken storage draws the loading bar only, and the app removes the drawing', () => {
    localStorage.setItem(BOOT_SHELL_KEY, '{not json');
    localStorage.setItem('promoter.user', '[]');
    expect(draw).not.toThrow();
    expect(shell()).not.toBeNull();
    expect(figures()).toEqual([]);
    dismissBootShell();
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(shell()).toBeNull();
        resolve();
      }, 100),
    );
  });

  it('writes text, never markup, from the snapshot', () => {
    session.signInAgent('token-1', { ...AGENT, nickname: '<img src=x onerror=alert(1)>' });
    keepBootShell(fakeI18n(), localStorage)();
    draw();
    expect(shell()?.querySelector('img')).toBeNull();
    expect(shell()?.querySelector('h1')?.textContent).toContain('<img');
  });
});

describe('the first route’s scripts asked for beside the entry', () => {
  const data = {
    routes: {
      '/agent/main': { files: ['./assets/agent-main-page-1.js', './assets/list-2.js'], agentTexts: true },
      '/session/login': { files: ['./assets/login-page-3.js'], agentTexts: false },
    },
    texts: {
      cn: { start: './assets/texts-cn-4.js', agent: './assets/texts-agent-cn-6.js' },
      en: { start: './assets/texts-en-5.js', agent: './assets/texts-agent-en-7.js' },
    },
  };
  const preloads = () =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) =>
      link.getAttribute('href'),
    );
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="boot-preload-data">${JSON.stringify(data)}</script>`;
  });
  afterEach(() => vi.useRealTimers());

  it('on /agent/Main, with the stored language’s texts and its agent areas’, once the page has painted', () => {
    localStorage.setItem('promoter.themeOptions', JSON.stringify({ language: 'en' }));
    draw();
    expect(preloads()).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(preloads()).toEqual([
      './assets/texts-en-5.js',
      './assets/texts-agent-en-7.js',
      './assets/agent-main-page-1.js',
      './assets/list-2.js',
    ]);
    expect(document.querySelector<HTMLLinkElement>('link[rel=modulepreload]')?.crossOrigin).toBe('');
  });

  it('on the login page in Chinese by default, its first texts only; nothing on a route the build did not list', () => {
    window.location.hash = '#/session/login?token=abc';
    draw();
    vi.advanceTimersByTime(100);
    expect(preloads()).toEqual(['./assets/texts-cn-4.js', './assets/login-page-3.js']);
    document.head.innerHTML = '';
    window.location.hash = '#/agent/withdraw';
    draw();
    vi.advanceTimersByTime(100);
    expect(preloads()).toEqual([]);
  });
});
