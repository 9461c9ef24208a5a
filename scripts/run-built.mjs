// Runs one entry of the bundled server (apps/server/dist), installing and building first when a fresh clone has not:
// `npm run operator` (dist/operator-cli.js) and `npm run worker` (dist/worker.js). Needs only Node.js at run time, like
// `npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnSupportedNode } from './node-runtime.mjs';

// On a Node older than package.json's engines: this command again under Node.js 24, installed once (decision 038).
await runOnSupportedNode();

export function runBuilt(entry) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.join(root, 'apps', 'server', 'dist', entry);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(file)) {
    const built = spawnSync(npm, ['run', 'build', '-w', 'apps/server'], {
      cwd: root,
      stdio: ['ignore', 2, 2],
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const result = spawnSync(process.execPath, [file, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
