#!/usr/bin/env node
// `npm test`: lint, format and typecheck (two at a time), then every test (unit, API on a real PostgreSQL,
// end-to-end in Chromium).
// Ends with one plain line "tests: N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnSupportedNode } from './node-runtime.mjs';

// On a Node older than package.json's engines: this command again under Node.js 24, installed once (decision 038).
await runOnSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const only = process.argv.slice(2);

/** Runs one check with its output kept, for printing whole once it is done. */
function check([name, args]) {
  return new Promise((resolve) => {
    const child = spawn(npx, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ name, output, status }));
  });
}

/**
 * The static checks, two at a time (each is one process that mostly keeps one core busy; CI has two). Each one's
 * output is printed whole, in the order listed; the run stops if any failed.
 */
async function staticChecks(checks) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const i = next++;
      results[i] = await check(checks[i]);
    }
  };
  await Promise.all([worker(), worker()]);
  const failed = results.filter(({ status }) => status !== 0);
  for (const { name, output } of results) {
    console.log(`\n== ${name}`);
    if (output) process.stdout.write(output);
  }
  if (failed.length > 0) {
    console.log(`\n${failed.map(({ name }) => name).join(', ')} failed.`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
}

console.log(`Node.js ${process.version} (${process.execPath})`);

if (only.length === 0) {
  await staticChecks([
    // The longest first: lint takes about as long as the rest together.
    ['lint', ['eslint', '.', '--max-warnings=0']],
    ['format', ['prettier', '--check', '.', '--log-level', 'warn']],
    ['typecheck web', ['tsc', '-p', 'apps/web', '--noEmit']],
    ['typecheck server', ['tsc', '-p', 'apps/server', '--noEmit']],
    ['typecheck tests', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['typecheck contract', ['tsc', '-p', 'packages/contract', '--noEmit']],
  ]);
}

mkdirSync(path.join(root, 'artifacts'), { recursive: true });
const report = path.join(root, 'artifacts', 'vitest-report.json');
console.log('\n== tests');
const projects = only.length > 0 ? only.flatMap((p) => ['--project', p]) : [];
const result = spawnSync(
  npx,
  ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { cwd: root, stdio: 'inherit' },
);
let summary = 'tests: 0 passed, 1 failed (no report)';
let ok = result.status === 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  // A test file that failed without a failing test could not run (it did not load, its worker crashed): it fails
  // the run, and counts, even though no single test failed.
  const files = json.testResults ?? [];
  const failedSuites = files.filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  const failed = (json.numFailedTests ?? 0) + failedSuites;
  summary = `tests: ${json.numPassedTests} passed, ${failed} failed, ${skipped} skipped`;
  if (failedSuites > 0) summary += ` (${failedSuites} test files failed to run)`;
  if (json.numTotalTests === 0) {
    summary = 'tests: 0 passed, 1 failed (no test ran)';
    ok = false;
  }
  if (failed > 0 || json.success === false) ok = false;
} else {
  ok = false;
}
console.log(`\n${summary}`);
process.exit(ok ? 0 : 1);
