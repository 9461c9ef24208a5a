import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { LOGIN_PRERENDER_CSS, loginPrerenderData, loginPrerenderHtml } from './build/login-prerender';

/** The first paint's script (boot-shell.js; src/lib/boot-shell.ts tells what it draws). */
const SOURCE = path.join(import.meta.dirname, 'boot-shell.js');
const MARKER = '<!-- boot-shell -->';
/** boot-shell.js as the page gets it: minified (its comments are for its readers, not for every page load). */
export function bootShellScript(): string {
  const { code, errors } = minifySync('boot-shell.js', readFileSync(SOURCE, 'utf8'), {
    compress: { target: 'es2020' },
  });
  if (errors.length > 0) throw new Error(`boot-shell.js: ${errors.map((e) => e.message).join('; ')}`);
  return code.trim();
}

/** The id of the data boot-shell.js reads to show the login page in another language or theme (decision 048). */
export const LOGIN_DATA_ID = 'boot-login-data';

/**
 * Puts the first paint where index.html has the marker: the boot shell's element holding the login page's first
 * screen, prerendered (build/login-prerender.ts, decision 048; its stylesheet inline in the head), the data to show it
 * in the stored language and theme, and boot-shell.js inline (minified): no request stands between the page and its first paint
 * on a slow network. The server allows exactly this script by its hash in the CSP (apps/server plugins/web.ts reads
 * the built index.html's inline scripts); the data is no script the browser runs (`application/json`).
 */
export function bootShell(): Plugin {
  return {
    name: 'promoter-boot-shell',
    transformIndexHtml(html) {
      if (!html.includes(MARKER)) throw new Error(`index.html lacks ${MARKER}`);
      if (!html.includes('</head>')) throw new Error('index.html lacks </head>');
      // `<` escaped: no text of the data can close its element.
      const data = JSON.stringify(loginPrerenderData()).replace(/</g, '\\u003c');
      return html
        .replace('</head>', () => `<style id="boot-shell-style">${LOGIN_PRERENDER_CSS}</style></head>`)
        .replace(
          MARKER,
          () =>
            `<div id="boot-shell" aria-busy="true">${loginPrerenderHtml()}</div>` +
            `<script type="application/json" id="${LOGIN_DATA_ID}">${data}</script>` +
            `<script>${bootShellScript()}</script>`,
        );
    },
  };
}
