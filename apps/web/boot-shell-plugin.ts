import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin, type Rollup } from 'vite';
import type { ChunkingContext } from 'rolldown';
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

/** The id of the scripts boot-shell.js asks for at once on a first route: the build's list (`routePreloads`). */
export const PRELOAD_DATA_ID = 'boot-preload-data';
const PRELOAD_PLACEHOLDER = '{"routes":{},"texts":{}}';

/**
 * The routes a visit starts on (the game's link, an agent's bookmark): their pages' and layouts' sources, and whether
 * they show the agent's areas' texts (every page but those router.tsx makes with `startPage`).
 */
export const FIRST_ROUTES: Record<string, { sources: readonly string[]; agentTexts: boolean }> = {
  '/session/login': { sources: ['src/features/auth/pages/login-page.tsx'], agentTexts: false },
  '/agent/main': {
    sources: ['src/app/layouts/boxed-v2-layout.tsx', 'src/features/agent/pages/agent-main-page.tsx'],
    agentTexts: true,
  },
};

/** Every id reachable from `start` through `next` (the modules a module imports, the scripts a script imports). */
function reachable(start: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return seen;
}

/**
 * Each first route's own modules, the ones no other first route and not the entry imports, in one script (named
 * `route-<its address>`), instead of a script per small module (an icon, a component, a helper) shared with later
 * pages: on a phone's six connections at 150 ms each, /agent/Main's 36 scripts took three times as long to arrive as
 * their bytes. A later page that uses one of them loads that script (its bytes, not more requests). For rolldown's
 * `codeSplitting.groups` (vite.config.ts).
 */
export function firstRouteChunk(root: string): (id: string, context: ChunkingContext) => string | null {
  const byPass = new WeakMap<ChunkingContext, Map<string, string>>();
  const closure = (context: ChunkingContext, start: readonly string[]) =>
    reachable(start, (id) => context.getModuleInfo(id)?.importedIds ?? []);
  const groups = (context: ChunkingContext) => {
    const routes = Object.entries(FIRST_ROUTES).map(([route, { sources }]) => {
      const pages = sources.map((source) => path.join(root, source));
      return { name: `route${route.replaceAll('/', '-')}`, pages, modules: closure(context, pages) };
    });
    const entry = closure(context, [path.join(root, 'src/main.tsx')]);
    const owner = new Map<string, string>();
    // The pages and layouts themselves stay scripts of their own (the router fetches them by their own import).
    const pages = new Set(routes.flatMap((route) => route.pages));
    for (const { name, modules } of routes)
      for (const id of modules)
        if (
          !entry.has(id) &&
          !pages.has(id) &&
          routes.every((other) => other.name === name || !other.modules.has(id))
        )
          owner.set(id, name);
    return owner;
  };
  return (id, context) => {
    let owner = byPass.get(context);
    if (!owner) byPass.set(context, (owner = groups(context)));
    return owner.get(id) ?? null;
  };
}

/** What boot-shell.js asks for on a first route (index.html's `#boot-preload-data`). */
export interface RoutePreloads {
  /** Each first route's scripts, and whether its texts include the agent's areas. */
  routes: Record<string, { files: string[]; agentTexts: boolean }>;
  /** Each language's scripts of texts: its first texts, and its agent areas' (src/i18n/resources.ts). */
  texts: Record<string, { start: string; agent: string }>;
}

/**
 * For each first route, the scripts of its page and layout with what they import, less what the entry brings; and
 * each language's texts scripts. boot-shell.js asks for them beside the entry, so the first screen's code is not
 * asked for only after the entry has arrived and run.
 */
export function routePreloads(bundle: Rollup.OutputBundle): RoutePreloads {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: readonly Rollup.OutputChunk[]) =>
    reachable(
      start.map((c) => c.fileName),
      (file) => byFile.get(file)?.imports ?? [],
    );
  const loaded = closure(chunks.filter((c) => c.isEntry));
  const routes: RoutePreloads['routes'] = {};
  for (const [route, { sources, agentTexts }] of Object.entries(FIRST_ROUTES)) {
    // A build without the page (a test's page of its own) lists nothing for it; the bundle guard checks the app's.
    const start = sources.flatMap(
      (source) => chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(source)) ?? [],
    );
    if (start.length < sources.length) continue;
    const files = [...closure(start)].filter((file) => !loaded.has(file)).map((file) => `./${file}`);
    routes[route] = { files, agentTexts };
  }
  const scripts = new Map(chunks.map((c) => [c.name, `./${c.fileName}`]));
  const texts: RoutePreloads['texts'] = {};
  for (const chunk of chunks) {
    const language = /^texts-(?!agent-)(\w+)$/.exec(chunk.name)?.[1];
    const agent = language ? scripts.get(`texts-agent-${language}`) : undefined;
    if (language && agent) texts[language] = { start: `./${chunk.fileName}`, agent };
  }
  return { routes, texts };
}

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
            `<script type="application/json" id="${PRELOAD_DATA_ID}">${PRELOAD_PLACEHOLDER}</script>` +
            `<script>${bootShellScript()}</script>`,
        );
    },
  };
}

/** Fills the build's list of first routes' scripts into index.html (`routePreloads`); development has none. */
export function bootPreloads(): Plugin {
  return {
    name: 'promoter-boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const data = JSON.stringify(routePreloads(context.bundle)).replace(/</g, '\\u003c');
        if (!html.includes(PRELOAD_PLACEHOLDER))
          throw new Error(`index.html lacks the ${PRELOAD_DATA_ID} data`);
        return html.replace(PRELOAD_PLACEHOLDER, () => data);
      },
    },
  };
}
