// The delivery measure's load, in a process of its own (forked by scripts/bench/delivery.ts), one job per message:
// - `credits`: recharges through the product's API at a steady rate (open loop: each one at its time, whatever the
//   answers before it), the agents in turn, each one's players in turn, a fresh requestId each; answers when each
//   recharge was answered, by its rechargeId;
// - `posts`: the bare ceiling of a delivery: the product's own sender (sendWebhook: Standard Webhooks signing, fetch,
//   the 10 s timeout) posting events to the receiver with as many in flight as the product's workers, no queue and
//   no database.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { sendWebhook } from '../../apps/server/src/modules/game-delivery/webhook';

export interface CreditsJob {
  kind: 'credits';
  /** The product's origin and the recharge's path. */
  url: string;
  path: string;
  perSecond: number;
  seconds: number;
  headers: Record<string, string>;
  agents: { token: string; players: number[] }[];
}

export interface PostsJob {
  kind: 'posts';
  /** The receiver's address. */
  url: string;
  secret: string;
  count: number;
  concurrency: number;
}

export type DeliveryJob = CreditsJob | PostsJob;

export interface DeliveryJobResult {
  /** Wall clock (ms) of the first request sent, and of the last answer. */
  started: number;
  ended: number;
  sent: number;
  failures: number;
  /** Milliseconds of each successful request, sorted. */
  latencies: number[];
  /** credits: [rechargeId, wall clock ms of its answer]. */
  answered: [string, number][];
  sampleFailure: string | null;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fresh = (): DeliveryJobResult => ({
  started: now(),
  ended: 0,
  sent: 0,
  failures: 0,
  latencies: [],
  answered: [],
  sampleFailure: null,
});

async function credits(job: CreditsJob): Promise<DeliveryJobResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round(job.perSecond * job.seconds);
  const gap = 1000 / job.perSecond;
  const result = fresh();
  const fail = (why: string) => {
    result.failures++;
    result.sampleFailure ??= why.slice(0, 300);
  };
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const seller = job.agents[i % job.agents.length] as CreditsJob['agents'][number];
      const playerId = seller.players[Math.floor(i / job.agents.length) % seller.players.length];
      const body = JSON.stringify({ playerId, diamonds: 1, requestId: randomUUID() });
      const sentAt = now();
      const req = http.request(
        `${job.url}${job.path}`,
        {
          method: 'POST',
          agent,
          headers: {
            ...job.headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'xx-token': seller.token,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const at = now();
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              const answer = JSON.parse(text) as { code?: number; data?: { rechargeId?: string } };
              if (res.statusCode === 200 && answer.code === 1 && answer.data?.rechargeId) {
                result.answered.push([String(answer.data.rechargeId), at]);
                result.latencies.push(at - sentAt);
              } else fail(`HTTP ${res.statusCode}: ${text}`);
            } catch {
              fail(`HTTP ${res.statusCode}: ${text}`);
            }
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        fail(String(error));
        resolve();
      });
      req.end(body);
    });
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = result.started + i * gap - now();
    if (wait > 1) await sleep(wait);
    inFlight.push(one(i));
    result.sent++;
  }
  await Promise.all(inFlight);
  agent.destroy();
  result.ended = now();
  result.latencies.sort((a, b) => a - b);
  return result;
}

async function posts(job: PostsJob): Promise<DeliveryJobResult> {
  const run = randomBytes(12).toString('hex');
  const result = fresh();
  let next = 0;
  const endpoint = { url: job.url, secrets: [job.secret] };
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= job.count) return;
      const id = `evt_${run}${i.toString(16).padStart(8, '0')}`;
      // An event of the contract's shape and size, serialized per request as the product's delivery does.
      const body = JSON.stringify({
        id,
        type: 'diamonds.credited',
        timestamp: new Date().toISOString(),
        data: {
          playerId: 1_000_001 + (i % 1000),
          diamonds: 1,
          sequence: i + 1,
          source: { type: 'recharge', id: String(i + 1) },
          agentId: 10_001,
          ledgerEntryId: String(i + 1),
        },
      });
      result.sent++;
      const answer = await sendWebhook(endpoint, { id, body });
      if (answer.ok) result.latencies.push(answer.latencyMs);
      else {
        result.failures++;
        result.sampleFailure ??= answer.error ?? `HTTP ${answer.status}`;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  result.ended = now();
  result.latencies.sort((a, b) => a - b);
  return result;
}

process.on('message', (message: { id: number; job: DeliveryJob }) => {
  (message.job.kind === 'credits' ? credits(message.job) : posts(message.job)).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
