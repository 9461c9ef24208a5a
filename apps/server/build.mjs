// Bundles the server into dist/main.js, the operator command (`npm run operator`) into dist/operator-cli.js and the
// job queue's workers alone (`npm run worker`) into dist/worker.js. Workspace packages (the contract) are bundled in;
// everything from the registry stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@promoter/'));

await build({
  entryPoints: { main: 'src/main.ts', 'operator-cli': 'src/operator-cli.ts', worker: 'src/worker.ts' },
  outdir: process.env.SERVER_BUILD_OUTDIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // main.ts starts the embedded database, then imports the rest (serve.ts): a chunk of its own, whose packages load
  // while PostgreSQL starts.
  splitting: true,
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
