#!/usr/bin/env node
// `npm start` on a fresh clone: installs what is missing, builds what is stale, then runs the server, which
// migrates, seeds the demo platform on the embedded database and prints the login links.
// Plain Node on purpose: it must run before any dependency is installed.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runOnSupportedNode } from './node-runtime.mjs';

// On a Node older than package.json's engines: this command again under Node.js 24, installed once (decision 038).
await runOnSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    process.stderr.write(
      `\n"${command} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}).\n`,
    );
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time below a path, skipping build output and dependencies. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const installed = path.join(root, 'node_modules', '.package-lock.json');
if (
  !existsSync(installed) ||
  statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs
) {
  console.log('Installing dependencies (npm ci)...');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

const sources = [
  'packages/contract',
  'packages/game-sdk',
  'apps/demo-game',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/web',
  'package-lock.json',
];
const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/demo-game/dist/demo-game.js'];
const sourceTime = Math.max(...sources.map((s) => newest(path.join(root, s))));
const builtTime = Math.min(
  ...outputs.map((o) => (existsSync(path.join(root, o)) ? statSync(path.join(root, o)).mtimeMs : 0)),
);
if (builtTime < sourceTime) {
  console.log('Building the web app, the server and the demo game...');
  // A production build whoever starts it: under a test runner NODE_ENV is "test", and Vite would then bundle React's
  // development build (StrictMode mounting every screen twice, each first read cancelled mid-answer).
  run(npm, ['run', 'build'], { ...process.env, NODE_ENV: 'production' });
}

// The demo platform's game (decision 040): on the embedded database, with no game of its own configured, a small demo
// game in this process receives the diamonds agents sell (signed deliveries) and shows them on its page.
if (!process.env.DATABASE_URL && !process.env.GAME_WEBHOOK_URL) {
  const { startDemoGame } = await import(
    pathToFileURL(path.join(root, 'apps/demo-game/dist/demo-game.js')).href
  );
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const host = '127.0.0.1';
  const wanted = Number(process.env.DEMO_GAME_PORT ?? 8090);
  const game = await startDemoGame({ port: wanted, host, secret }).catch((error) =>
    error?.code === 'EADDRINUSE' ? startDemoGame({ port: 0, host, secret }) : Promise.reject(error),
  );
  process.env.GAME_WEBHOOK_URL = `${game.url}/webhooks`;
  process.env.GAME_WEBHOOK_SECRET = secret;
  console.log(`Demo game (receives the diamonds agents sell): ${game.url}/`);
}

// The server runs in this process (one Node start fewer than a child's): it handles SIGINT/SIGTERM itself.
process.setSourceMapsEnabled(true);
process.chdir(root);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
