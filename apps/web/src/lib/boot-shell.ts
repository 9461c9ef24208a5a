import type { TAgentUser } from '@promoter/contract';
import type { Translator } from '../i18n';
import { isRtlLocale, languageOf } from '../i18n/languages';
import { AGENT_FIGURES } from './agent-figures';
import { sessionStore } from './session';

/**
 * The first paint on a slow network (decision 027: the agent's figures within 3 s on /agent/Main at 4x CPU, 1.6 Mbps, 150 ms).
 * Before the app's scripts have arrived and run (a few seconds on such a phone), `boot-shell.js`, a small script
 * inline in index.html, draws the agent's last figures from this snapshot: the greeting and the four figures,
 * already translated and formatted by the app, as they were at the last visit. The app replaces it with its own
 * screen, which asks the server again. Only the signed-in agent's own snapshot is drawn, only on /agent/Main (whose screen it is), and
 * signing out removes it. Nothing here is a secret the session store does not already keep.
 */
export const BOOT_SHELL_KEY = 'promoter.bootShell';
/** The id of the element boot-shell.js (inline in index.html) draws. */
export const BOOT_SHELL_ID = 'boot-shell';

export interface BootShellSnapshot {
  v: 1;
  agentId: number;
  /** The html lang and direction of the language it was written in. */
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  figures: { key: string; label: string; value: string }[];
}

export function bootShellSnapshot(
  user: TAgentUser,
  i18n: Pick<Translator, 'language' | 't'>,
): BootShellSnapshot {
  const language = languageOf(i18n.language);
  return {
    v: 1,
    agentId: user.agentId,
    lang: language.htmlLang,
    dir: isRtlLocale(i18n.language) ? 'rtl' : 'ltr',
    title: i18n.t('main.greeting', { name: user.nickname }),
    figures: AGENT_FIGURES.map((figure) => ({
      key: figure.key,
      label: i18n.t(`figures.${figure.key}`),
      value: figure.format(figure.value(user), language.htmlLang),
    })),
  };
}

/**
 * Keeps the snapshot in step with the signed-in agent's figures and the app's language; removes it when nobody, or
 * a player who is not an agent, is signed in. Answers the function that stops it.
 */
export function keepBootShell(
  i18n: Pick<Translator, 'language' | 't' | 'on' | 'off'>,
  storage: Storage,
): () => void {
  const write = () => {
    try {
      const { user, token } = sessionStore.get();
      if (!user || !token) storage.removeItem(BOOT_SHELL_KEY);
      else storage.setItem(BOOT_SHELL_KEY, JSON.stringify(bootShellSnapshot(user, i18n)));
    } catch {
      // Storage full or unavailable: the next visit paints without it.
    }
  };
  write();
  const unsubscribe = sessionStore.subscribe((state, previous) => {
    if (state.user !== previous.user || state.token !== previous.token) write();
  });
  i18n.on('languageChanged', write);
  return () => {
    unsubscribe();
    i18n.off('languageChanged', write);
  };
}

/** The route of the login page the build prerendered (decision 048), as boot-shell.js and the router match it. */
const LOGIN_ROUTE = /^\/session\/login\/?$/i;
/** The app's login page showing what the prerendered screen shows: its form, or its "signing in". */
const LOGIN_PAGE_UP = '[data-testid="page-login"] input, [data-testid="page-login"] [role="status"]';
/** Should the app's login page never show what was prerendered (an error page), the screen goes after this. */
const LOGIN_WAIT_MS = 10_000;

/**
 * What was typed into the prerendered login form before the app came up goes into the app's form (the same fields by
 * their autocomplete), through the input's own value setter and an input event, so React and the form see it as
 * typed; the focus follows.
 */
function carryOverLoginForm(shell: HTMLElement, root: HTMLElement): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const typed of shell.querySelectorAll<HTMLInputElement>('input[data-boot-field]')) {
    const target = root.querySelector<HTMLInputElement>(
      `[data-testid="page-login"] input[autocomplete="${typed.autocomplete}"]`,
    );
    if (!target) continue;
    if (typed.value !== '' && target.value === '' && setValue) {
      setValue.call(target, typed.value);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (typed.ownerDocument.activeElement === typed) {
      target.focus();
      target.setSelectionRange(target.value.length, target.value.length);
    }
  }
}

/**
 * The app's first screen is up: the drawn snapshot goes (after the next paint, so nothing flashes between). The
 * prerendered login screen stays until the app's login page shows its form or its "signing in" (its form arrives in
 * a script of its own, after the page's first render), or the app is on another route.
 */
export function dismissBootShell(doc: Document = document): void {
  const shell = doc.getElementById(BOOT_SHELL_ID);
  if (!shell) return;
  const root = doc.getElementById('root');
  const remove = () => {
    if (root && shell.getAttribute('data-boot-view') === 'login') carryOverLoginForm(shell, root);
    shell.remove();
  };
  const afterPaint = () => {
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => requestAnimationFrame(remove));
    else remove();
  };
  const ready = () =>
    shell.getAttribute('data-boot-view') !== 'login' ||
    !LOGIN_ROUTE.test(doc.location.hash.replace(/^#/, '').split('?')[0] ?? '') ||
    root?.querySelector(LOGIN_PAGE_UP) !== null;
  if (!root || ready()) {
    afterPaint();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    stop();
    afterPaint();
  });
  const timer = setTimeout(() => {
    stop();
    afterPaint();
  }, LOGIN_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
}
