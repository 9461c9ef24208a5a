// The load generator: a process of its own (forked by scripts/bench/load.ts), never the server's. It runs one
// autocannon job per message and answers its figures. Requests are made per job kind so every recharge carries a
// fresh requestId and the load spreads over many sessions.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load';

/** A success is HTTP 2xx with the envelope's code 1, read from the start of the body ({"code":1,...}). */
const SUCCESS = /^\{"code":1[,}]/;

function requestsOf(job: LoadJob): autocannon.Request[] {
  let next = 0;
  if (job.kind === 'get') {
    return [
      {
        method: 'GET',
        path: job.paths[0] ?? '/',
        setupRequest: (request) => {
          const i = next++;
          return {
            ...request,
            path: job.paths[i % job.paths.length] as string,
            headers: job.tokens.length
              ? { ...job.headers, 'xx-token': job.tokens[i % job.tokens.length] as string }
              : job.headers,
          };
        },
      },
    ];
  }
  // Recharge: agents in turn (so the requests in flight are of different agents and players, as the issue asks,
  // and no agent's money calls pass its per-account limit), each one's players in turn, a fresh requestId each.
  return [
    {
      method: 'POST',
      path: job.path,
      setupRequest: (request) => {
        const i = next++;
        const agent = i % job.agents.length;
        const { token, players } = job.agents[agent] as { token: string; players: number[] };
        const round = Math.floor(i / job.agents.length);
        return {
          ...request,
          headers: { ...job.headers, 'content-type': 'application/json', 'xx-token': token },
          body: JSON.stringify({
            playerId: players[round % players.length],
            diamonds: 1 + (i % 100),
            requestId: randomUUID(),
          }),
        };
      },
    },
  ];
}

async function run(job: LoadJob): Promise<LoadResult> {
  let refused = 0;
  let compressed = 0;
  let sampleRefusal: string | null = null;
  const statuses: Record<string, number> = {};
  const requests = requestsOf(job).map((request) => ({
    ...request,
    onResponse: (status: number, body: string, _context: object, headers?: IncomingHttpHeaders) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status < 200 || status > 299) return;
      // A compressed answer is over 1 KB: never a refusal, whose envelope is a few dozen bytes (and whose bytes
      // autocannon would have mangled into a string). Counted, so the report can say how many were not read.
      if (headers?.['content-encoding'] || headers?.['Content-Encoding']) {
        compressed++;
        return;
      }
      if (!SUCCESS.test(body)) {
        refused++;
        sampleRefusal ??= body.slice(0, 300);
      }
    },
  }));
  const started = performance.now();
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.durationSeconds,
    headers: job.headers,
    requests,
    timeout: 30,
  });
  const seconds = (performance.now() - started) / 1000;
  const latency = result.latency;
  return {
    requests: result.requests.total,
    seconds,
    rps: result.requests.total / seconds,
    latency: {
      mean: latency.mean,
      p50: latency.p50,
      p90: latency.p90,
      p99: latency.p99,
      max: latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    refused,
    compressed,
    statuses,
    sampleRefusal,
    bytesRead: result.throughput.total,
  };
}

process.on('message', (message: { id: number; job: LoadJob }) => {
  run(message.job).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
