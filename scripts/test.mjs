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

/**
 * One Vitest run of some projects, with its own JSON report. `quiet` keeps its output until it is done (then printed
 * whole), for a run beside another one whose output goes straight to the terminal.
 */
function vitest(name, projects, { quiet = false } = {}) {
  const report = path.join(root, 'artifacts', `vitest-report${name ? `-${name}` : ''}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default'];
  args.push('--reporter=json', `--outputFile.json=${report}`);
  return new Promise((resolve) => {
    const child = spawn(npx, args, {
      cwd: root,
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ name, report, status, output }));
  });
}

/** The counts of one run's report; a run without a report, or that ran no test, fails. */
function countsOf({ report, status }) {
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0, note: 'no report', ok: false };
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
  if (json.numTotalTests === 0) return { passed: 0, failed: 1, skipped, note: 'no test ran', ok: false };
  return {
    passed: json.numPassedTests,
    failed,
    skipped,
    note: failedSuites > 0 ? `${failedSuites} test files failed to run` : '',
    ok: status === 0 && failed === 0 && json.success !== false,
  };
}

console.log('\n== tests');
// Everything: the unit and API files (two at a time) and, in a Vitest of its own beside them, the end-to-end files (one
// at a time; their output printed whole when they are done). An end-to-end file mostly waits on a browser and a
// server, so the two runs share the two cores instead of the end-to-end files starting when the rest has ended.
const runs =
  only.length > 0
    ? [vitest('', only)]
    : [vitest('', ['unit', 'api']), vitest('e2e', ['e2e'], { quiet: true })];
const results = await Promise.all(runs);
for (const { name, output } of results) {
  if (!output) continue;
  console.log(`\n== tests: ${name}`);
  process.stdout.write(output);
}
const counts = results.map(countsOf);
const sum = (key) => counts.reduce((total, c) => total + c[key], 0);
const notes = counts.map((c) => c.note).filter(Boolean);
const ok = counts.every((c) => c.ok);
console.log(
  `\ntests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped` +
    (notes.length > 0 ? ` (${notes.join('; ')})` : ''),
);
process.exit(ok ? 0 : 1);
