import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The first paint's script (boot-shell.js; src/lib/boot-shell.ts tells what it draws). */
const SOURCE = path.join(import.meta.dirname, 'boot-shell.js');
const MARKER = '<!-- boot-shell -->';

/**
 * Puts boot-shell.js inline where index.html has the marker: no request stands between the page and its first
 * paint on a slow network. The server allows exactly this script by its hash in the CSP (apps/server
 * plugins/security-headers.ts reads the built index.html's inline scripts).
 */
export function bootShell(): Plugin {
  return {
    name: 'promoter-boot-shell',
    transformIndexHtml(html) {
      if (!html.includes(MARKER)) throw new Error(`index.html lacks ${MARKER}`);
      return html.replace(MARKER, `<script>${readFileSync(SOURCE, 'utf8').trim()}</script>`);
    },
  };
}
