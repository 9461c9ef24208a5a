// Bundles the demo game into dist/, self-contained (the SDK, the contract and zod inside, nothing read from
// node_modules at run time): main.js is the command (`node apps/demo-game/dist/main.js`), demo-game.js exports
// startDemoGame for a script that runs the game in its own process (scripts/start.mjs).
import { build } from 'esbuild';

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: { main: 'src/main.ts', 'demo-game': 'src/demo-game.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  splitting: true,
  sourcemap: true,
  logLevel: 'warning',
});
