import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { EXPORT_BATCH_ROWS } from '../../src/modules/reports/export-service';
import { createAgent } from '../factories';
import { signInOperators, useAdminTestApp } from './admin-support';

/**
 * Decision 018: a CSV export is streamed, never held whole. 200,000 ledger entries (about 20 MB of CSV) are exported over
 * real HTTP while the batches the server reads from PostgreSQL are counted: a client that stops reading stops the
 * server after the few batches the socket's buffers hold (backpressure), and the whole export reads one batch of at
 * most EXPORT_BATCH_ROWS rows per query, each once. Counting queries is exact where a heap measure would be noisy.
 */
const t = useAdminTestApp({ checkLedger: true });
const ROWS = 200_000;
const BATCHES = Math.floor(ROWS / EXPORT_BATCH_ROWS) + 1; // the last one answers the empty end

let token: string;
let agentId: number;
let base: string;
const batchLimits: number[] = [];

beforeAll(async () => {
  [token] = await signInOperators(t, ['finance']);
  ({ agentId } = await createAgent(t.db, { level: 1, nickname: '大客户' }));
  await t.db.execute(sql`
    with acct as (
      insert into accounts (owner_type, owner_id, currency, value, entry_count)
        values ('agent', ${agentId}, 'diamonds', ${ROWS}::int, ${ROWS}::int)
      returning id
    )
    insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, memo_key, memo_params, created_at)
    select acct.id, 1, g, 9, 'bulk', 'bulk-' || g, 'memoAdjustment', jsonb_build_object('reason', '批量 ' || g),
      now() - make_interval(secs => (${ROWS}::int - g) * 60)
    from acct, generate_series(1, ${ROWS}::int) g`);
  await t.db.execute(sql`analyze ledger_entries`);
  // Every query the app sends goes through the pool: note the limit of each batch of the export.
  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const config = args[0] as { text?: string; values?: unknown[] } | string;
    const text = typeof config === 'string' ? config : (config.text ?? '');
    if (text.includes('from ledger_entries e')) {
      const values = typeof config === 'string' ? [] : (config.values ?? (args[1] as unknown[]) ?? []);
      batchLimits.push(Number(values.at(-1)));
    }
    return query(...args);
  }) as never);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(() => vi.restoreAllMocks());

/** Waits until no batch has been read for `quietMs`. */
async function settled(quietMs = 500): Promise<number> {
  let seen = -1;
  while (seen !== batchLimits.length) {
    seen = batchLimits.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
  return seen;
}

describe('a CSV export of 200,000 ledger entries', () => {
  it('reads the database only as fast as the client reads, one bounded batch at a time', async () => {
    batchLimits.length = 0;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${base}/api/admin/export/ledger?agentId=${agentId}`,
          { headers: { 'x-operator-token': token } },
          resolve,
        )
        .on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');

    // The client takes its first chunk, then stops reading: the server stops once the buffers are full.
    const first = await new Promise<Buffer>((resolve) => response.once('data', resolve));
    response.pause();
    const whilePaused = await settled();
    // What the socket buffers hold (about 35 of the 201 batches here, their size is the kernel's): far from all.
    expect(whilePaused, 'batches read while the client did not read').toBeLessThan(BATCHES / 2);
    expect(whilePaused).toBeGreaterThan(0);

    // It reads on: the rest comes, each row once, each batch bounded.
    let bytes = first.length;
    let lines = first.toString('utf8').split('\n').length - 1;
    let tail = '';
    await new Promise<void>((resolve, reject) => {
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        const text = chunk.toString('utf8');
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
        tail = (tail + text).slice(-200);
      });
      response.on('end', resolve);
      response.on('error', reject);
      response.resume();
    });
    expect(lines).toBe(ROWS + 1);
    expect(bytes).toBeGreaterThan(ROWS * 60);
    expect(tail.endsWith('\r\n')).toBe(true);
    expect(batchLimits).toHaveLength(BATCHES);
    expect(new Set(batchLimits)).toEqual(new Set([EXPORT_BATCH_ROWS]));

    const [entry] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.export'), eq(auditLog.targetId, 'ledger')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.after).toMatchObject({ rows: ROWS, completed: true, filters: { agentId } });
  }, 240_000);

  it('stops reading when the client goes away, and records the export as not completed', async () => {
    batchLimits.length = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        `${base}/api/admin/export/ledger?agentId=${agentId}`,
        { headers: { 'x-operator-token': token } },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    const read = await settled();
    expect(read).toBeLessThan(BATCHES / 2);
    await expect
      .poll(async () => {
        const [entry] = await t.db
          .select({ after: auditLog.after })
          .from(auditLog)
          .where(eq(auditLog.action, 'report.export'))
          .orderBy(desc(auditLog.id))
          .limit(1);
        return entry?.after;
      })
      .toMatchObject({ completed: false, kind: 'ledger' });
  }, 120_000);
});
