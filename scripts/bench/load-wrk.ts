// The load generator in C, as pgbench's client is: wrk (Debian's package), one process per run, its requests made by a
// Lua script written for the job (each recharge a fresh requestId, the sessions and paths in turn, as load-worker.ts
// does with autocannon). Its CPU is a fraction of autocannon's, so on two cores shared by the server, the database and
// the load, less of the product's measure is the load generator's own work (decision 030).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LoadJob, LoadResult } from './load';

/** wrk on PATH (BENCH_WRK names another), or null. */
function findWrk(): string | null {
  const named = process.env.BENCH_WRK;
  if (named) return existsSync(named) ? named : null;
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout?.trim();
  return found || null;
}

/**
 * wrk, installed from Debian's packages when it is missing and this is root on a machine with apt-get (as .ci/run
 * installs Chromium for the tests); null when it cannot be, and the bench falls back to autocannon.
 */
export function findOrInstallWrk(log: (line: string) => void): string | null {
  const found = findWrk();
  if (found || process.env.BENCH_WRK || process.getuid?.() !== 0) return found;
  if (spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) return null;
  log('wrk is missing: apt-get install -y wrk');
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-q', 'wrk'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'ignore' });
    install();
  }
  return findWrk();
}

export function wrkVersion(binary: string): string {
  // wrk prints its version, then its usage, and exits 1 when asked for it.
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const first = (out.stdout || out.stderr).split('\n')[0] ?? '';
  return first.replace(/\s+Copyright.*$/, '').trim() || 'wrk';
}

/** wrk's threads: one a core, two at most (the server and the database need the rest). */
export const WRK_THREADS = Math.max(1, Math.min(2, os.availableParallelism()));

/** A Lua table of strings or numbers (JSON's string escapes are Lua's for what the bench sends: ASCII). */
const luaList = (items: readonly (string | number)[]) =>
  `{ ${items.map((i) => JSON.stringify(i)).join(', ')} }`;

/**
 * The job's Lua script. Each wrk thread has its own Lua state: `setup` numbers the threads, and each takes every
 * `threads`-th request of the sequence the autocannon worker makes (agents in turn, each one's players in turn).
 * `response` counts statuses and refusals (a 2xx whose envelope is not code 1) in the thread's globals, which `done`
 * reads from every thread and prints as one JSON line.
 */
function script(job: LoadJob, threads: number, seed: number): string {
  const headers = Object.entries(job.headers)
    .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join(', ');
  const common = `
local threads, all = ${threads}, {}
counter, refused, compressed, sample = 0, 0, 0, ""
local base = { ${headers} }
function setup(thread) thread:set("tid", #all) table.insert(all, thread) end
local function headersWith(extra)
  local h = {}
  for k, v in pairs(base) do h[k] = v end
  for k, v in pairs(extra) do h[k] = v end
  return h
end
function response(status, headers, body)
  local key = "s" .. status
  _G[key] = (_G[key] or 0) + 1
  if status < 200 or status > 299 then return end
  if headers["content-encoding"] or headers["Content-Encoding"] then compressed = compressed + 1 return end
  if not string.find(body, '^{"code":1[,}]') then
    refused = refused + 1
    if sample == "" then sample = string.gsub(string.sub(body, 1, 300), "%c", " ") end
  end
end
function done(summary, latency, requests)
  local codes, refusedAll, compressedAll, sampleAll = {}, 0, 0, ""
  for _, thread in ipairs(all) do
    refusedAll = refusedAll + thread:get("refused")
    compressedAll = compressedAll + thread:get("compressed")
    if sampleAll == "" then sampleAll = thread:get("sample") end
    for code = 100, 599 do
      local count = thread:get("s" .. code)
      if count then codes[code] = (codes[code] or 0) + count end
    end
  end
  local parts = {}
  for code, count in pairs(codes) do table.insert(parts, string.format('"%d":%d', code, count)) end
  local e = summary.errors
  io.write(string.format(
    '\\n@@wrk {"requests":%d,"micros":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"mean":%.3f,"p50":%d,"p90":%d,"p99":%d,"max":%d,"refused":%d,"compressed":%d,"statuses":{%s},"sample":%q}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    refusedAll, compressedAll, table.concat(parts, ","), sampleAll))
end
function init() counter = tid math.randomseed(${seed} + tid * 7919) end
`;
  if (job.kind === 'get') {
    return `${common}
local paths, tokens = ${luaList(job.paths)}, ${luaList(job.tokens)}
function request()
  local i = counter
  counter = counter + threads
  local extra = {}
  if #tokens > 0 then extra["xx-token"] = tokens[(i % #tokens) + 1] end
  return wrk.format("GET", paths[(i % #paths) + 1], headersWith(extra))
end
`;
  }
  const agents = job.agents;
  return `${common}
local tokens = ${luaList(agents.map((a) => a.token))}
local players = { ${agents.map((a) => luaList(a.players)).join(', ')} }
function request()
  local i = counter
  counter = counter + threads
  local agent = i % #tokens
  local round = math.floor(i / #tokens)
  local list = players[agent + 1]
  -- A fresh random UUID (version 4) per request, as the app makes them: random keys land anywhere in the index.
  local id = string.format("%08x-%04x-4%03x-%04x-%04x%08x", math.random(0, 2^32 - 1), math.random(0, 65535),
    math.random(0, 4095), math.random(32768, 49151), math.random(0, 65535), math.random(0, 2^32 - 1))
  local body = string.format('{"playerId":%d,"diamonds":%d,"requestId":"%s"}',
    list[(round % #list) + 1], 1 + (i % 100), id)
  local headers = headersWith({ ["content-type"] = "application/json", ["xx-token"] = tokens[agent + 1] })
  return wrk.format("POST", ${JSON.stringify(job.path)}, headers, body)
end
`;
}

interface WrkSummary {
  requests: number;
  micros: number;
  bytes: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  refused: number;
  compressed: number;
  statuses: Record<string, number>;
  sample: string;
}

/** Runs one job with wrk; `onStart` gets its pid (its CPU is sampled as pgbench's is). */
export async function runWrk(
  binary: string,
  job: LoadJob,
  onStart?: (pid: number) => void,
): Promise<LoadResult> {
  const threads = WRK_THREADS;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-bench-wrk-'));
  const file = path.join(dir, 'job.lua');
  await fs.writeFile(file, script(job, threads, randomBytes(4).readUInt32LE()));
  try {
    const url = job.kind === 'get' ? job.url : `${job.url}${job.path}`;
    const child = spawn(
      binary,
      [
        '-t',
        String(threads),
        '-c',
        String(Math.max(job.connections, threads)),
        '-d',
        `${job.durationSeconds}s`,
        '--timeout',
        '30s',
        '-s',
        file,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (child.pid) onStart?.(child.pid);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    const line = out.split('\n').find((l) => l.startsWith('@@wrk '));
    if (!line) throw new Error(`wrk exited ${code} without its figures: ${(err || out).slice(0, 400)}`);
    const s = JSON.parse(line.slice('@@wrk '.length)) as WrkSummary;
    const seconds = s.micros / 1e6;
    return {
      requests: s.requests,
      seconds,
      rps: s.requests / seconds,
      latency: {
        mean: s.mean / 1000,
        p50: s.p50 / 1000,
        p90: s.p90 / 1000,
        p99: s.p99 / 1000,
        max: s.max / 1000,
      },
      non2xx: s.status,
      errors: s.connect + s.read + s.write,
      timeouts: s.timeout,
      refused: s.refused,
      compressed: s.compressed,
      statuses: s.statuses,
      sampleRefusal: s.sample || null,
      bytesRead: s.bytes,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
