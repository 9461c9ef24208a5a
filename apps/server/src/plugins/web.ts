import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';

/** Where the built SPA is: WEB_DIST_DIR, else apps/web/dist beside the server. */
export function webRootOf(config: Pick<Config, 'webDistDir'>): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return (
    config.webDistDir ?? path.resolve(here, here.endsWith('dist') ? '../../web/dist' : '../../../web/dist')
  );
}

/**
 * The CSP sources of the built index.html's inline scripts (`'sha256-…'`): the first paint's script
 * (apps/web/boot-shell.js, put inline by the build) runs, and no other inline script would. None without a build.
 */
export function inlineScriptHashes(root: string): string[] {
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '')
        .digest('base64')}'`,
  );
}

/** Serves the built SPA (apps/web/dist) at `/`. Routing is by hash, so only files and `/` are served. */
export const webPlugin = fp(async function webPlugin(app) {
  const root = webRootOf(app.config);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`web app not built (${root}); run "npm run build" to serve it`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    // An array: with preCompressed, @fastify/static finds the index of `/` only from a list.
    index: ['index.html'],
    // The build writes .br and .gz beside each text file (apps/web/precompress.ts): sent as they are.
    preCompressed: true,
    // Hashed assets are immutable; index.html must always be fresh so a deploy reaches every phone.
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
});
