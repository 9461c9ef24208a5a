import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COLOR_THEMES } from '../src/config/themes';
import { DEFAULT_LOCALE, LANGUAGES } from '../src/i18n/languages';

/**
 * The login page's first screen, written at build time (decision 048): the markup and the stylesheet that reproduce
 * what the app's /session/login first shows (features/auth/pages/login-page.tsx in the mobile layout: the app bar,
 * the brand, and the password form or, with the game's ticket, "signing in"), in Chinese, without MUI. The build puts
 * the markup inside the boot shell (boot-shell-plugin.ts) and the stylesheet inline in the head; boot-shell.js shows
 * it on the login page only, in the stored language and theme, and the app replaces it (src/lib/boot-shell.ts).
 *
 * The look follows the app's theme (theme/create-app-theme.ts: the colour themes, the backgrounds, radius 10, the
 * font stack) and MUI's measures of the components the page uses (outlined text fields 56 px high, a large contained
 * button, outlined card, dividers). A change to the login page's look is a change here too; the e2e test
 * (e2e/login-prerender.test.ts) compares the two.
 */

const LOCALES_DIR = path.join(import.meta.dirname, '..', 'src', 'i18n', 'locales');

/** Every text the first screen shows, by its key in the app's locale files (`identity.` keys in locales/identity). */
export const LOGIN_TEXT_KEYS = [
  'nav.login',
  'app.brand',
  'common.back',
  'header.language',
  'login.signingIn',
  'login.openFromGame',
  'login.openFromGameHint',
  'identity.login.passwordTitle',
  'identity.common.agentId',
  'identity.common.password',
  'identity.common.showPassword',
  'identity.login.submit',
  'identity.common.or',
  'identity.wechat.start',
  'identity.login.signUp',
  'identity.login.forgotPassword',
] as const;
export type LoginTextKey = (typeof LOGIN_TEXT_KEYS)[number];

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

function lookUp(tree: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );
}

/** The first screen's texts in one locale, read from its locale files; a missing text fails the build. */
export function loginTexts(locale: string): Record<LoginTextKey, string> {
  const core = readJson(path.join(LOCALES_DIR, `${locale}.json`));
  const identity = readJson(path.join(LOCALES_DIR, 'identity', `${locale}.json`));
  const texts = {} as Record<LoginTextKey, string>;
  for (const key of LOGIN_TEXT_KEYS) {
    const text = key.startsWith('identity.')
      ? lookUp(identity, key.slice('identity.'.length))
      : lookUp(core, key);
    if (typeof text !== 'string' || text === '')
      throw new Error(`login prerender: no text ${key} in locale ${locale}`);
    texts[key] = text;
  }
  return texts;
}

/**
 * What boot-shell.js needs to show the screen in another language or theme, as the app would: the other locales'
 * texts (in LOGIN_TEXT_KEYS order), their html lang and flag, and the colour themes' primary colours.
 */
export interface LoginPrerenderData {
  keys: readonly LoginTextKey[];
  locales: Record<string, { lang: string; flag: string; t: string[] }>;
  themes: Record<string, string>;
}

export function loginPrerenderData(): LoginPrerenderData {
  const locales: LoginPrerenderData['locales'] = {};
  for (const language of LANGUAGES) {
    if (language.locale === DEFAULT_LOCALE) continue;
    const texts = loginTexts(language.locale);
    locales[language.locale] = {
      lang: language.htmlLang,
      flag: language.flag,
      t: LOGIN_TEXT_KEYS.map((key) => texts[key]),
    };
  }
  const themes = Object.fromEntries(COLOR_THEMES.map((theme) => [theme.id, theme.primary]));
  return { keys: LOGIN_TEXT_KEYS, locales, themes };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** MUI's icons the page shows (@mui/icons-material: ArrowBack, Visibility, Forum, SportsEsportsOutlined). */
const ICONS = {
  back: '<path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z"/>',
  visibility:
    '<path d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3"/>',
  forum:
    '<path d="M21 6h-2v9H6v2c0 .55.45 1 1 1h11l4 4V7c0-.55-.45-1-1-1m-4 6V3c0-.55-.45-1-1-1H3c-.55 0-1 .45-1 1v14l4-4h10c.55 0 1-.45 1-1"/>',
  game: '<path d="m21.58 16.09-1.09-7.66C20.21 6.46 18.52 5 16.53 5H7.47C5.48 5 3.79 6.46 3.51 8.43l-1.09 7.66C2.2 17.63 3.39 19 4.94 19c.68 0 1.32-.27 1.8-.75L9 16h6l2.25 2.25c.48.48 1.13.75 1.8.75 1.56 0 2.75-1.37 2.53-2.91m-2.1.72c-.08.09-.21.19-.42.19-.15 0-.29-.06-.39-.16L15.83 14H8.17l-2.84 2.84c-.1.1-.24.16-.39.16-.21 0-.34-.1-.42-.19s-.16-.23-.13-.44l1.09-7.66C5.63 7.74 6.48 7 7.47 7h9.06c.99 0 1.84.74 1.98 1.72l1.09 7.66c.03.2-.05.34-.12.43"/><path d="M9 8H8v2H6v1h2v2h1v-2h2v-1H9z"/><circle cx="17" cy="12" r="1"/><circle cx="15" cy="9" r="1"/>',
} as const;

const icon = (name: keyof typeof ICONS, className: string) =>
  `<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${ICONS[name]}</svg>`;

/** The first screen's markup, in the default locale; `data-t` (text) and `data-ta` (aria-label) name its texts. */
export function loginPrerenderHtml(): string {
  const texts = loginTexts(DEFAULT_LOCALE);
  const t = (key: LoginTextKey) => `data-t="${key}">${escapeHtml(texts[key])}`;
  const ta = (key: LoginTextKey) => `data-ta="${key}" aria-label="${escapeHtml(texts[key])}"`;
  const flag = LANGUAGES.find((l) => l.locale === DEFAULT_LOCALE)?.flag ?? '';
  const field = (id: string, key: LoginTextKey, input: string, end = '') =>
    `<div class="bs-field${end ? ' bs-end' : ''}"><input id="${id}" class="bs-input" placeholder=" " ${input}>` +
    `<label class="bs-label" for="${id}" ${t(key)}</label>${end}` +
    `<fieldset class="bs-outline" aria-hidden="true"><legend><span ${t(key)}</span></legend></fieldset></div>`;
  return [
    '<div class="bs-login" data-boot-login>',
    '<header class="bs-appbar">',
    `<button type="button" class="bs-barbtn" ${ta('common.back')}>${icon('back', 'bs-icon bs-flip')}</button>`,
    `<h1 class="bs-title" ${t('nav.login')}</h1>`,
    `<button type="button" class="bs-barbtn" ${ta('header.language')}><span class="bs-flag" aria-hidden="true" data-boot-flag>${flag}</span></button>`,
    '</header>',
    '<main class="bs-main"><div class="bs-page"><div class="bs-card"><div class="bs-content">',
    '<div class="bs-head">',
    '<img src="./favicon.svg" alt="" width="56" height="56">',
    `<h2 class="bs-brand" ${t('app.brand')}</h2>`,
    `<div class="bs-busy" role="status"><span class="bs-spinner"><svg viewBox="22 22 44 44" aria-hidden="true" focusable="false"><circle cx="44" cy="44" r="20.2" fill="none" stroke-width="3.6"/></svg></span><p ${t('login.signingIn')}</p></div>`,
    '</div>',
    '<div class="bs-form">',
    `<h3 class="bs-subtitle" ${t('identity.login.passwordTitle')}</h3>`,
    field(
      'bs-agent-id',
      'identity.common.agentId',
      'type="text" inputmode="numeric" autocomplete="username" data-boot-field',
    ),
    field(
      'bs-password',
      'identity.common.password',
      'type="password" autocomplete="current-password" data-boot-field',
      `<button type="button" class="bs-eye" ${ta('identity.common.showPassword')}>${icon('visibility', 'bs-icon')}</button>`,
    ),
    `<button type="button" class="bs-submit" ${t('identity.login.submit')}</button>`,
    `<div class="bs-or" role="separator"><span ${t('identity.common.or')}</span></div>`,
    `<button type="button" class="bs-wechat">${icon('forum', 'bs-icon bs-start')}<span ${t('identity.wechat.start')}</span></button>`,
    '<div class="bs-links">',
    `<a href="#/session/sign-up" ${t('identity.login.signUp')}</a>`,
    `<a href="#/session/forgot-password" ${t('identity.login.forgotPassword')}</a>`,
    '</div>',
    '<hr class="bs-rule">',
    `<div class="bs-hint">${icon('game', 'bs-icon bs-game')}<div>`,
    `<p class="bs-body2" ${t('login.openFromGame')}</p>`,
    `<p class="bs-caption" ${t('login.openFromGameHint')}</p>`,
    '</div></div>',
    '</div>',
    '</div></div></div></main>',
    '</div>',
  ].join('');
}

/**
 * The stylesheet of the screen, every rule under #boot-shell (nothing of it reaches the app). Colours are variables
 * boot-shell.js sets from the stored theme: the primary colour and its contrast text; `.bs-dark` is the dark theme.
 * Without scripts (`scripting: none`) the screen shows as it is; with them, only once boot-shell.js has chosen it.
 */
export const LOGIN_PRERENDER_CSS = `
#boot-shell{--p:#5d92f4;--p4:rgba(93,146,244,.4);--pc:#fff;--bg:#f4f6fb;--paper:#fff;--tx:rgba(0,0,0,.87);
--tx2:rgba(0,0,0,.6);--dv:rgba(0,0,0,.12);--ol:rgba(0,0,0,.23);--ac:rgba(0,0,0,.54);--ok:#2e7d32;
--ok5:rgba(46,125,50,.5);--ok1:rgba(46,125,50,.04);position:fixed;top:0;right:0;bottom:0;left:0;z-index:2000;
overflow-x:hidden;overflow-y:auto;background:var(--bg);color:var(--tx);-webkit-font-smoothing:antialiased;
font:400 1rem/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei",
"Noto Sans CJK SC","Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
#boot-shell.bs-dark{--bg:#15171f;--paper:#1e2130;--tx:#fff;--tx2:rgba(255,255,255,.7);--dv:rgba(255,255,255,.12);
--ol:rgba(255,255,255,.23);--ac:#fff;--ok:#66bb6a;--ok5:rgba(102,187,106,.5);--ok1:rgba(102,187,106,.08)}
#boot-shell *,#boot-shell *::before,#boot-shell *::after{box-sizing:border-box}
#boot-shell .bs-login{display:none}
@media (scripting:none){#boot-shell .bs-login{display:block}}
#boot-shell[data-boot-view=login] .bs-login{display:block}
#boot-shell h1,#boot-shell h2,#boot-shell h3,#boot-shell p{margin:0}
#boot-shell button{color:inherit;margin:0;border:0;background:none;cursor:pointer;
-webkit-tap-highlight-color:transparent}
#boot-shell .bs-icon{width:1em;height:1em;font-size:1.5rem;fill:currentColor;flex-shrink:0;display:inline-block}
#boot-shell[dir=rtl] .bs-flip{transform:scaleX(-1)}
#boot-shell .bs-appbar{position:sticky;top:0;z-index:1;display:flex;align-items:center;min-height:52px;
padding:0 4px;background:var(--p);color:#fff}
#boot-shell .bs-barbtn{display:inline-flex;align-items:center;justify-content:center;width:48px;height:48px;
padding:8px;border-radius:50%;flex-shrink:0;font-size:1.5rem}
#boot-shell .bs-flag{font-size:20px;line-height:1}
#boot-shell .bs-title{flex:1;min-width:0;font-size:18px;font-weight:500;line-height:1.6;
text-align:center;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#boot-shell .bs-main{max-width:640px;margin:0 auto;padding:16px}
#boot-shell .bs-page{padding-top:16px}
@media (min-width:600px){#boot-shell .bs-page{padding-top:48px}}
#boot-shell .bs-card{background:var(--paper);border:1px solid var(--dv);border-radius:10px;overflow:hidden}
#boot-shell .bs-content{padding:16px 16px 24px}
#boot-shell .bs-head{display:flex;flex-direction:column;align-items:center;text-align:center;padding:16px 0}
#boot-shell .bs-head>*+*,#boot-shell .bs-form>*+*{margin-top:16px}
#boot-shell .bs-head img{width:56px;height:56px}
#boot-shell .bs-brand{font-size:1.5rem;font-weight:400;line-height:1.334}
#boot-shell .bs-busy{display:none;flex-direction:column;align-items:center;padding:16px 0}
#boot-shell[data-boot-ticket] .bs-busy{display:flex}
#boot-shell .bs-busy p{color:var(--tx2)}
#boot-shell[data-boot-ticket] .bs-form{display:none}
#boot-shell .bs-spinner{display:inline-block;width:32px;height:32px;margin-bottom:12px;color:var(--p);
animation:bs-rotate 1.4s linear infinite}
#boot-shell .bs-spinner svg{display:block;width:100%;height:100%}
#boot-shell .bs-spinner circle{stroke:currentColor;stroke-dasharray:80px,200px;stroke-dashoffset:0;
animation:bs-dash 1.4s ease-in-out infinite}
@keyframes bs-rotate{0%{transform:rotate(0deg)}100%{transform:rotate(360deg)}}
@keyframes bs-dash{0%{stroke-dasharray:1px,200px;stroke-dashoffset:0}50%{stroke-dasharray:100px,200px;
stroke-dashoffset:-15px}100%{stroke-dasharray:1px,200px;stroke-dashoffset:-126px}}
@media (prefers-reduced-motion:reduce){#boot-shell .bs-spinner,#boot-shell .bs-spinner circle{animation:none}}
#boot-shell .bs-form{display:flex;flex-direction:column;padding-bottom:8px}
#boot-shell .bs-subtitle{font-size:1rem;font-weight:400;line-height:1.75}
#boot-shell .bs-field{position:relative;display:flex;align-items:center;border-radius:10px;cursor:text}
#boot-shell .bs-end{padding-inline-end:14px}
#boot-shell .bs-input{display:block;width:100%;min-width:0;height:1.4375em;padding:16.5px 14px;border:0;margin:0;
font:inherit;line-height:1.4375em;letter-spacing:inherit;color:var(--tx);background:none;outline:0;
box-sizing:content-box;-webkit-tap-highlight-color:transparent}
#boot-shell .bs-end .bs-input{padding-inline-end:0}
#boot-shell .bs-input::placeholder{opacity:0}
#boot-shell .bs-label{position:absolute;top:0;left:0;z-index:1;max-width:calc(100% - 24px);overflow:hidden;
white-space:nowrap;text-overflow:ellipsis;color:var(--tx2);line-height:1.4375em;pointer-events:none;
transform-origin:top left;transform:translate(14px,16px) scale(1);transition:color .2s,transform .2s,max-width .2s}
#boot-shell[dir=rtl] .bs-label{left:auto;right:0;transform-origin:top right;transform:translate(-14px,16px) scale(1)}
#boot-shell .bs-input:focus~.bs-label,#boot-shell .bs-input:not(:placeholder-shown)~.bs-label{
max-width:calc(133% - 32px);transform:translate(14px,-9px) scale(.75)}
#boot-shell[dir=rtl] .bs-input:focus~.bs-label,#boot-shell[dir=rtl] .bs-input:not(:placeholder-shown)~.bs-label{
transform:translate(-14px,-9px) scale(.75)}
#boot-shell .bs-input:focus~.bs-label{color:var(--p)}
#boot-shell .bs-outline{position:absolute;top:-5px;right:0;bottom:0;left:0;margin:0;padding:0 8px;
border:1px solid var(--ol);border-radius:inherit;pointer-events:none;overflow:hidden;min-width:0;text-align:start}
#boot-shell .bs-field:hover .bs-outline{border-color:var(--tx)}
#boot-shell .bs-input:focus~.bs-outline{border:2px solid var(--p)}
#boot-shell .bs-outline legend{float:none;width:auto;display:block;padding:0;height:11px;font-size:.75em;
visibility:hidden;max-width:.01px;overflow:hidden;white-space:nowrap;transition:max-width 50ms}
#boot-shell .bs-outline legend span{display:inline-block;padding:0 5px;opacity:0;visibility:visible}
#boot-shell .bs-input:focus~.bs-outline legend,#boot-shell .bs-input:not(:placeholder-shown)~.bs-outline legend{
max-width:100%;transition:max-width .1s 50ms}
#boot-shell .bs-eye{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;
padding:8px;margin-inline-start:8px;margin-inline-end:-12px;border-radius:50%;color:var(--ac);flex-shrink:0;position:relative;z-index:1}
#boot-shell .bs-submit,#boot-shell .bs-wechat{display:inline-flex;align-items:center;justify-content:center;
width:100%;min-width:64px;border-radius:10px;font-family:inherit;font-size:.9375rem;font-weight:600;line-height:1.75}
#boot-shell .bs-submit{padding:8px 22px;background:var(--p);color:var(--pc)}
#boot-shell .bs-wechat{padding:7px 21px;border:1px solid var(--ok5);color:var(--ok)}
#boot-shell .bs-wechat:active{background:var(--ok1)}
#boot-shell .bs-start{font-size:22px;margin-inline-start:-4px;margin-inline-end:8px}
#boot-shell .bs-or{display:flex;align-items:center;white-space:nowrap;text-align:center;color:var(--tx2);
font-size:.875rem;line-height:1.43}
#boot-shell .bs-or::before,#boot-shell .bs-or::after{content:"";flex:1;border-top:thin solid var(--dv)}
#boot-shell .bs-or span{padding:0 9.6px}
#boot-shell .bs-links{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
#boot-shell .bs-links a{color:var(--p);text-decoration:underline;text-decoration-color:var(--p4)}
#boot-shell .bs-rule{margin:16px 0 0;flex-shrink:0;border:0;border-bottom:thin solid var(--dv)}
#boot-shell .bs-hint{display:flex;align-items:flex-start}
#boot-shell .bs-hint>div{display:flex;flex-direction:column;margin-inline-start:12px}
#boot-shell .bs-hint>div>*+*{margin-top:4px}
#boot-shell .bs-game{font-size:32px;color:var(--p)}
#boot-shell .bs-body2{font-size:.875rem;line-height:1.43}
#boot-shell .bs-caption{font-size:.75rem;line-height:1.66;color:var(--tx2)}
`
  .replace(/\n/g, '')
  .trim();
