// The login page and the pages around it show before the agent's areas' texts have arrived (router.tsx's
// `startPage`, decision 055): none of the modules they import, statically or when they open a part (the password
// form), may use a key of those areas, or it would show as the key itself. A check of the sources, not a rendering:
// it follows every relative import from each page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_AREAS } from '../src/i18n/resources';

const SRC = path.resolve(__dirname, '../src');

/** The modules router.tsx makes with `startPage`, read from router.tsx itself. */
function startPageModules(): string[] {
  const router = readFileSync(path.join(SRC, 'app/router.tsx'), 'utf8');
  const found = [...router.matchAll(/= startPage\(\s*\(\) => import\('([^']+)'\)/g)].map((m) =>
    resolveImport(path.join(SRC, 'app/router.tsx'), m[1] ?? ''),
  );
  return found.filter((file): file is string => file !== null);
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** A module and every source module it imports, statically or by `import()`. */
function importsOf(start: string): string[] {
  const seen = new Set<string>();
  const stack = [start];
  for (let file = stack.pop(); file; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:from|import\()\s*'([^']+)'/g)) {
      const next = resolveImport(file, match[1] ?? '');
      if (next) stack.push(next);
    }
  }
  return [...seen];
}

/** Every key and group of keys of the agent's areas, as the default locale has them ("money.recharge.title"). */
function agentKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (prefix: string, node: unknown) => {
    keys.add(prefix);
    if (node && typeof node === 'object')
      for (const [key, inner] of Object.entries(node)) walk(`${prefix}.${key}`, inner);
  };
  for (const area of AGENT_AREAS)
    walk(area, JSON.parse(readFileSync(path.join(SRC, `i18n/locales/${area}/cn.json`), 'utf8')) as unknown);
  return keys;
}
const KEYS = agentKeys();
const QUOTED = new RegExp(`['"\`]((?:${AGENT_AREAS.join('|')})\\.[\\w.]*)`, 'g');
/** The agent's areas' keys a module's code names (comments left out), whole or as the start of one built at run time. */
function keysUsed(file: string): string[] {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(QUOTED)]
    .map((m) => (m[1] ?? '').replace(/\.$/, ''))
    .filter((key) => KEYS.has(key));
}

describe('the pages shown with the first texts only', () => {
  const pages = startPageModules();

  it('are the login page and those around it', () => {
    expect(pages.map((file) => path.relative(SRC, file)).sort()).toEqual([
      'features/auth/pages/callback-page.tsx',
      'features/auth/pages/lock-screen-page.tsx',
      'features/auth/pages/login-page.tsx',
      'features/auth/pages/login-wx-page.tsx',
      'features/identity/pages/forgot-password-page.tsx',
      'features/identity/pages/reset-password-page.tsx',
      'features/identity/pages/sign-up-page.tsx',
    ]);
  });

  it.each(pages.map((file) => [path.relative(SRC, file), file]))(
    '%s uses no key of the agent’s areas',
    (_name, file) => {
      const uses = importsOf(file).flatMap((module) =>
        keysUsed(module).map((key) => `${path.relative(SRC, module)}: ${key}`),
      );
      expect(uses).toEqual([]);
    },
  );
});
