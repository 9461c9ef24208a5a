#!/usr/bin/env node
// `npm test`: format, lint, typecheck, then every test (unit, API on a real PostgreSQL, end-to-end in Chromium).
// Ends with one plain line "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const only = process.argv.slice(2);

function step(name, args) {
  console.log(`\n== ${name}`);
  const result = spawnSync(npx, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.log(`\n${name} failed.`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
}

if (only.length === 0) {
  step('format', ['prettier', '--check', '.', '--log-level', 'warn']);
  step('lint', ['eslint', '.', '--max-warnings=0']);
  step('typecheck contract', ['tsc', '-p', 'packages/contract', '--noEmit']);
  step('typecheck server', ['tsc', '-p', 'apps/server', '--noEmit']);
  step('typecheck web', ['tsc', '-p', 'apps/web', '--noEmit']);
  step('typecheck tests', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
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
