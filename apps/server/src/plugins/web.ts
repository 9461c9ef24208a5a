import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Serves the built SPA (apps/web/dist) at `/`. Routing is by hash, so only files and `/` are served. */
export const webPlugin = fp(async (app) => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root =
    app.config.webDistDir ??
    path.resolve(here, here.endsWith('dist') ? '../../web/dist' : '../../../web/dist');
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
