#!/usr/bin/env node
// `npm run operator -- create <name> [--role ...]`: runs the bundled operator command (apps/server/dist), building the
// server first when it has not been built (a fresh clone). Needs only Node.js at run time, like `npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'apps', 'server', 'dist', 'operator-cli.js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}
if (!existsSync(cli)) {
  const built = spawnSync(npm, ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
