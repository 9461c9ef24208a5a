// @vitest-environment jsdom
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type PluginOption, type UserConfig } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_TEXT_KEYS, loginTexts } from '../build/login-prerender';
import { bootShellScript } from '../boot-shell-plugin';
import viteConfig from '../vite.config';
import { BOOT_SHELL_ID, dismissBootShell } from '../src/lib/boot-shell';
import { LANGUAGES } from '../src/i18n/languages';

/**
 * The login page prerendered at build time (decision 048): the build writes its first screen into dist/index.html
 * as markup, with its stylesheet inline, and boot-shell.js shows it on the login page only, in the stored language
 * and theme; the app takes it away once its own page shows the same. Built here with the app's own Vite config and
 * index.html, around an empty entry (the app's scripts are not what this checks; e2e/login-prerender.test.ts runs
 * the whole built app).
 */
const WEB = path.resolve(import.meta.dirname, '..');
let outDir = '';
let html = '';
let workDir = '';

function plugins(list: PluginOption[] | undefined): PluginOption[] {
  return (list ?? []).flat(3).filter((p) => !(p && 'name' in p && p.name === 'promoter-precompress'));
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'promoter-login-prerender-'));
  const root = path.join(workDir, 'web');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  cpSync(path.join(WEB, 'index.html'), path.join(root, 'index.html'));
  writeFileSync(path.join(root, 'src', 'main.tsx'), 'document.documentElement.dataset.app = "up";\n');
  outDir = path.join(workDir, 'dist');
  const config = viteConfig as UserConfig;
  await build({
    ...config,
    configFile: false,
    root,
    publicDir: false,
    mode: 'production',
    logLevel: 'error',
    plugins: plugins(config.plugins),
    build: { ...config.build, outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
}, 120_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The built page's body, and its boot-shell.js run as the browser runs it, at `hash` with `storage`. */
function openBuilt(hash: string, storage: Record<string, unknown> = {}): HTMLElement {
  localStorage.clear();
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, JSON.stringify(value));
  window.location.hash = hash;
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
  const script = [...document.querySelectorAll('script:not([type]):not([src])')].map((s) => s.textContent);
  expect(script).toHaveLength(1);
  new Function(script[0] ?? '')();
  return document.getElementById(BOOT_SHELL_ID) as HTMLElement;
}

const textOf = (shell: HTMLElement, key: string) =>
  shell.querySelector(`[data-t="${key}"]`)?.textContent ?? null;

beforeEach(() => {
  document.title = '';
});

describe('the build writes the login page’s first screen into dist/index.html', () => {
  it('as markup in the boot shell, in Chinese, with its stylesheet inline in the head', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    const style = /<style id="boot-shell-style">([^<]+)<\/style>/.exec(head)?.[1] ?? '';
    expect(style).toContain('#boot-shell .bs-login{display:none}');
    expect(style).toContain('@media (scripting:none){#boot-shell .bs-login{display:block}}');
    expect(style).toContain('#boot-shell[data-boot-view=login] .bs-login{display:block}');
    // No stylesheet to fetch for it: every rule of the screen is in the page.
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // Every selector is the boot shell's: nothing of it styles the app.
    const rules = style
      .replace(/@keyframes[^{]*\{(?:[^{}]*\{[^}]*\})*\}/g, '')
      .split('}')
      .map((rule) => rule.replace(/^@media[^{]*\{/, ''))
      .filter((rule) => rule.includes('{'));
    expect(rules.length).toBeGreaterThan(40);
    for (const rule of rules)
      for (const selector of rule.slice(0, rule.indexOf('{')).split(','))
        expect(selector.startsWith('#boot-shell'), selector).toBe(true);

    const body = html.slice(html.indexOf('<body>'));
    const shell =
      /<div id="boot-shell" aria-busy="true">([\s\S]*?)<\/div><script type="application\/json"/.exec(
        body,
      )?.[1];
    expect(shell).toBeDefined();
    const cn = loginTexts('cn');
    for (const key of LOGIN_TEXT_KEYS) expect(shell).toContain(cn[key]);
    expect(cn['identity.login.submit']).toBe('登录');
    expect(shell).toContain('autocomplete="username"');
    expect(shell).toContain('autocomplete="current-password"');
    expect(shell).toContain('src="./favicon.svg"');
    // Before the app's entry, after #root: the app's first commit never lands inside it.
    expect(body.indexOf('<div id="root"></div>')).toBeLessThan(body.indexOf('<div id="boot-shell"'));
  });

  it('with the other locales’ texts as data, and boot-shell.js the page’s one inline script', () => {
    const data = JSON.parse(
      /<script type="application\/json" id="boot-login-data">([^<]+)<\/script>/.exec(html)?.[1] ?? '{}',
    ) as { keys: string[]; locales: Record<string, { lang: string; flag: string; t: string[] }> };
    expect(data.keys).toEqual(LOGIN_TEXT_KEYS);
    expect(Object.keys(data.locales).sort()).toEqual(
      LANGUAGES.map((l) => l.locale)
        .filter((l) => l !== 'cn')
        .sort(),
    );
    const he = loginTexts('he');
    expect(data.locales.he?.t).toEqual(LOGIN_TEXT_KEYS.map((key) => he[key]));
    expect(data.locales.he?.lang).toBe('he');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toBe(bootShellScript());
    expect(inline[0]).toContain('data-boot-view');
  });
});

describe('boot-shell.js shows the prerendered screen on the login page only', () => {
  it('on #/session/login, in Chinese by default, light, the form', () => {
    const shell = openBuilt('#/session/login');
    expect(shell.getAttribute('data-boot-view')).toBe('login');
    expect(shell.getAttribute('lang')).toBe('zh-CN');
    expect(shell.getAttribute('dir')).toBe('ltr');
    expect(shell.className).toBe('');
    expect(shell.hasAttribute('data-boot-ticket')).toBe(false);
    expect(textOf(shell, 'nav.login')).toBe('登录');
    expect(shell.querySelectorAll('input[data-boot-field]')).toHaveLength(2);
  });

  it('in the stored language, right to left for Hebrew and Arabic, dark and in the chosen colour when stored', () => {
    let shell = openBuilt('#/session/login', {
      'promoter.themeOptions': { language: 'he', rtlLayout: true, darkMode: true, themeId: 'teal' },
    });
    const he = loginTexts('he');
    expect(shell.getAttribute('lang')).toBe('he');
    expect(shell.getAttribute('dir')).toBe('rtl');
    expect(shell.className).toBe('bs-dark');
    expect(shell.style.getPropertyValue('--p')).toBe('#00897b');
    for (const key of LOGIN_TEXT_KEYS) {
      const text =
        textOf(shell, key) ?? shell.querySelector(`[data-ta="${key}"]`)?.getAttribute('aria-label');
      expect(text, key).toBe(he[key]);
    }
    expect(shell.querySelector('[data-boot-flag]')?.textContent).toBe('🇮🇱');
    expect(document.title).toBe(he['app.brand']);

    shell = openBuilt('#/session/login', {
      'promoter.themeOptions': {
        language: 'ar',
        rtlLayout: true,
        paletteSource: 'custom',
        customColor: '#ffeb3b',
      },
    });
    expect(textOf(shell, 'identity.login.submit')).toBe(loginTexts('ar')['identity.login.submit']);
    expect(shell.getAttribute('dir')).toBe('rtl');
    expect(shell.style.getPropertyValue('--p')).toBe('#ffeb3b');
    // A light colour takes the dark text, as MUI's contrast text does.
    expect(shell.style.getPropertyValue('--pc')).toBe('rgba(0,0,0,.87)');

    shell = openBuilt('#/session/login', { 'promoter.themeOptions': { language: 'en', rtlLayout: false } });
    expect(textOf(shell, 'identity.wechat.start')).toBe('Sign in with WeChat');
    expect(shell.getAttribute('dir')).toBe('ltr');
    expect(shell.className).toBe('');
  });

  it('with the game’s ticket, "signing in" instead of the form; a bad stored language stays Chinese', () => {
    let shell = openBuilt('#/session/login?token=abc');
    expect(shell.getAttribute('data-boot-view')).toBe('login');
    expect(shell.hasAttribute('data-boot-ticket')).toBe(true);
    shell = openBuilt('#/session/login?token=%20', { 'promoter.themeOptions': { language: 'xx' } });
    expect(shell.hasAttribute('data-boot-ticket')).toBe(false);
    expect(textOf(shell, 'nav.login')).toBe('登录');
    shell = openBuilt('#/session/login', { 'promoter.themeOptions': { language: '__proto__' } });
    expect(textOf(shell, 'nav.login')).toBe('登录');
  });

  it('nowhere else: a signed-in agent’s figures on /agent/Main, the loading bar on other routes', () => {
    const agentId = 100001;
    const figures = {
      'promoter.token': 'token-1',
      'promoter.expiresAt': Date.now() + 60_000,
      'promoter.user': { agentId },
      'promoter.bootShell': {
        v: 1,
        agentId,
        lang: 'zh-CN',
        dir: 'ltr',
        title: '你好',
        figures: [{ key: 'balance', label: '账户余额', value: '¥1.00' }],
      },
    };
    let shell = openBuilt('#/agent/Main', figures);
    expect(shell.querySelector('[data-boot-login]')).toBeNull();
    expect(shell.querySelectorAll('[data-boot-figure]')).toHaveLength(1);
    expect(shell.getAttribute('data-boot-view')).toBeNull();

    for (const hash of ['#/agent/Main', '#/agent/index', '#/session/sign-up', '', '#/admin/login']) {
      shell = openBuilt(hash);
      expect(shell.querySelector('[data-boot-login]'), hash).toBeNull();
      expect(shell.querySelectorAll('[data-boot-figure]')).toHaveLength(0);
      expect(shell.textContent).toBe(shell.querySelector('style')?.textContent);
    }
  });

  it('gives way to the loading bar when one of its links is followed before the app is up', () => {
    const shell = openBuilt('#/session/login');
    window.location.hash = '#/session/sign-up';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(shell.querySelector('[data-boot-login]')).toBeNull();
    expect(shell.getAttribute('data-boot-view')).toBeNull();
  });
});

describe('the app takes the prerendered screen away', () => {
  const frames = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('once its login page shows its form, with what was typed and the focus carried over', async () => {
    const shell = openBuilt('#/session/login');
    const typed = shell.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    if (!typed) throw new Error('no agent id field');
    typed.value = '10002';
    typed.focus();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<div data-testid="page-login"><h2>推广员系统</h2></div>';
    dismissBootShell();
    await frames();
    // The page without its form yet (it arrives in a script of its own): the screen stays.
    expect(document.getElementById(BOOT_SHELL_ID)).not.toBeNull();

    const seen: string[] = [];
    const page = root.firstElementChild as HTMLElement;
    page.insertAdjacentHTML(
      'beforeend',
      '<input autocomplete="username"><input type="password" autocomplete="current-password">',
    );
    root.addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).value));
    await frames();
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();
    const agentId = root.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    expect(agentId?.value).toBe('10002');
    expect(seen).toEqual(['10002']);
    expect(document.activeElement).toBe(agentId);
    expect(root.querySelector<HTMLInputElement>('input[type="password"]')?.value).toBe('');
  });

  it('once its login page is signing in, or the app is on another route', async () => {
    openBuilt('#/session/login?token=abc');
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<div data-testid="page-login"><div role="status">正在登录…</div></div>';
    dismissBootShell();
    await frames();
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();

    openBuilt('#/session/login');
    dismissBootShell();
    await frames();
    expect(document.getElementById(BOOT_SHELL_ID)).not.toBeNull();
    window.history.replaceState(null, '', '#/agent/Main');
    document.getElementById('root')?.append(document.createElement('main'));
    await frames();
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();
  });
});
