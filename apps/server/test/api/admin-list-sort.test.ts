import type { AuditTargetType } from '@promoter/contract';
import { randomUUID } from 'node:crypto';
import {
  type CallInput,
  type CallName,
  calls,
  hasRight,
  type OperatorRole,
  ResponseCode,
  ZOperatorRole,
} from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adjustments, orders, players } from '../../src/db/schema';
import { recordAudit } from '../../src/modules/audit/audit-service';
import { createAgent, createGoods, createPlayer, fund } from '../factories';
import { apiUnchecked } from '../helper';
import { asOperator, createTestOperator, operatorToken } from '../operator-factories';
import { adminApi, useAdminTestApp } from './admin-support';

/**
 * Decision 018: the console's orders, players, audit log and adjustments sort on the server by a whitelisted column,
 * either way, the id breaking ties so that pages never overlap nor skip a row; an unknown column or direction is a
 * 400 in the envelope; each role reads the sorted lists its right lets it read, and only those.
 */
const t = useAdminTestApp();
const call = adminApi(t);

const tokens = {} as Record<OperatorRole, string>;
const operatorIds = {} as Record<OperatorRole, number>;

beforeAll(async () => {
  for (const role of ZOperatorRole.options) {
    const operator = await createTestOperator(t.db, role);
    operatorIds[role] = operator.id;
    tokens[role] = await operatorToken(t.db, operator.id);
  }
});

type Listed = { list: readonly unknown[]; total: number };

/**
 * Every page of a list at `pageSize`, one after the other, concatenated: with a unique tie-breaker they add up to the
 * whole list in the same order, no row twice and none missing.
 */
async function walk<N extends CallName>(
  name: N,
  input: CallInput<N>,
  pageSize: number,
  key: (row: never) => string,
) {
  const keys: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await call(name, tokens.owner, { ...input, page, pageSize } as CallInput<N>);
    const data = answer.data as unknown as Listed;
    keys.push(...data.list.map((row) => key(row as never)));
    if (page * pageSize >= data.total) return keys;
  }
}

/** The list's rows (first page of 100) as their keys. */
async function keysOf<N extends CallName>(name: N, input: CallInput<N>, key: (row: never) => string) {
  const answer = await call(name, tokens.owner, { pageSize: 100, ...input } as CallInput<N>);
  expect(answer.code, JSON.stringify(answer)).toBe(ResponseCode.success);
  return (answer.data as unknown as Listed).list.map((row) => key(row as never));
}

/** The expected order: sorted by `value` in `direction`, ties by the id the same way. */
function expected<R>(
  rows: readonly R[],
  value: (r: R) => number,
  id: (r: R) => number,
  direction: 'asc' | 'desc',
) {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => sign * (value(x) - value(y) || id(x) - id(y)));
}

async function refusesBadSort(name: CallName, input: Record<string, unknown>) {
  for (const bad of [{ sort: 'password' }, { sort: 'id; drop table players' }, { order: 'sideways' }]) {
    const answer = await apiUnchecked(t.app, name, {
      input: { ...input, ...bad },
      ...asOperator(tokens.owner),
    });
    expect(
      { status: answer.status, code: answer.code, data: answer.data },
      `${name} ${JSON.stringify(bad)}`,
    ).toEqual({ status: 400, code: ResponseCode.failure, data: null });
    expect(answer.msg).toMatch(/sort|order/);
  }
}

describe('orders (admin/orders/list)', () => {
  const made: { id: string; createdAt: number; amountFen: number }[] = [];
  let playerId: number;

  beforeAll(async () => {
    const goodsId = await createGoods(t.db);
    playerId = await createPlayer(t.db);
    // Two share a creation time and two share an amount: the id breaks those ties.
    const base = Date.parse('2024-05-01T10:00:00Z');
    for (const [minutes, diamonds] of [
      [0, 30],
      [5, 10],
      [5, 20],
      [9, 20],
      [2, 50],
    ] as const) {
      const id = `S${randomUUID().replace(/-/g, '').slice(0, 20)}`;
      const createdAt = base + minutes * 60_000;
      await t.db.insert(orders).values({
        id,
        playerId,
        agentId: null,
        requestId: randomUUID(),
        goodsId,
        goodsName: `${diamonds} 钻石`,
        quantity: 1,
        diamonds,
        unitPriceFen: 100,
        amountFen: diamonds * 100,
        status: 'paid',
        provider: 'sandbox',
        createdAt: new Date(createdAt),
        expiresAt: new Date(createdAt + 30 * 60_000),
        paidAt: new Date(createdAt),
      });
      made.push({ id, createdAt, amountFen: diamonds * 100 });
    }
  });

  // Order ids are text: ties are broken by the id's text, compared here as PostgreSQL's C-like order does for these.
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = (value: (r: (typeof made)[number]) => number, direction: 'asc' | 'desc') => {
    const sign = direction === 'asc' ? 1 : -1;
    return [...made].sort((x, y) => sign * (value(x) - value(y) || byId(x.id, y.id))).map((r) => r.id);
  };
  const key = (row: { id: string }) => row.id;

  it('sorts by time or amount, either way, newest first unless asked; the id breaks ties', async () => {
    expect(await keysOf('adminOrderList', { playerId }, key)).toEqual(sorted((r) => r.createdAt, 'desc'));
    expect(await keysOf('adminOrderList', { playerId, sort: 'createdAt', order: 'asc' }, key)).toEqual(
      sorted((r) => r.createdAt, 'asc'),
    );
    expect(await keysOf('adminOrderList', { playerId, sort: 'amount', order: 'desc' }, key)).toEqual(
      sorted((r) => r.amountFen, 'desc'),
    );
    expect(await keysOf('adminOrderList', { playerId, sort: 'amount', order: 'asc' }, key)).toEqual(
      sorted((r) => r.amountFen, 'asc'),
    );
    // Sorted without a direction: the largest first.
    expect(await keysOf('adminOrderList', { playerId, sort: 'amount' }, key)).toEqual(
      sorted((r) => r.amountFen, 'desc'),
    );
  });

  it('pages through ties without a row twice or missing', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const whole = await keysOf('adminOrderList', { playerId, sort: 'amount', order }, key);
      expect(await walk('adminOrderList', { playerId, sort: 'amount', order }, 1, key)).toEqual(whole);
      expect(await walk('adminOrderList', { playerId, sort: 'createdAt', order }, 2, key)).toEqual(
        await keysOf('adminOrderList', { playerId, sort: 'createdAt', order }, key),
      );
    }
  });

  it('refuses an unknown column or direction with 400 in the envelope', async () => {
    await refusesBadSort('adminOrderList', {});
  });
});

describe('players (admin/players/list)', () => {
  const made: { playerId: number; createdAt: number; diamonds: number }[] = [];
  let boundAgentId: number;

  beforeAll(async () => {
    boundAgentId = (await createAgent(t.db)).agentId;
    const base = Date.parse('2024-05-02T10:00:00Z');
    for (const [minutes, diamonds] of [
      [0, 5],
      [3, 0],
      [3, 7],
      [1, 7],
    ] as const) {
      const playerId = await createPlayer(t.db, { boundAgentId });
      const createdAt = base + minutes * 60_000;
      await t.db
        .update(players)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(players.id, playerId));
      if (diamonds > 0) await fund(t.db, { ownerType: 'player', ownerId: playerId }, 'diamonds', diamonds);
      made.push({ playerId, createdAt, diamonds });
    }
  });

  const key = (row: { playerId: number }) => String(row.playerId);
  const sorted = (value: (r: (typeof made)[number]) => number, direction: 'asc' | 'desc') =>
    expected(made, value, (r) => r.playerId, direction).map((r) => String(r.playerId));

  it('sorts by time, id or diamonds, either way, newest first unless asked; the id breaks ties', async () => {
    expect(await keysOf('adminPlayerList', { boundAgentId }, key)).toEqual(
      sorted((r) => r.createdAt, 'desc'),
    );
    for (const order of ['asc', 'desc'] as const) {
      expect(await keysOf('adminPlayerList', { boundAgentId, sort: 'createdAt', order }, key)).toEqual(
        sorted((r) => r.createdAt, order),
      );
      expect(await keysOf('adminPlayerList', { boundAgentId, sort: 'playerId', order }, key)).toEqual(
        sorted((r) => r.playerId, order),
      );
      expect(await keysOf('adminPlayerList', { boundAgentId, sort: 'diamonds', order }, key)).toEqual(
        sorted((r) => r.diamonds, order),
      );
      expect(await walk('adminPlayerList', { boundAgentId, sort: 'diamonds', order }, 1, key)).toEqual(
        sorted((r) => r.diamonds, order),
      );
    }
  });

  it('refuses an unknown column or direction with 400 in the envelope', async () => {
    await refusesBadSort('adminPlayerList', {});
  });
});

describe('audit log (admin/audit/list)', () => {
  // A target type of this file's own (not one of the product's), so its entries are only its own.
  const targetType = `sort-${process.pid}` as AuditTargetType;
  let ids: { id: number; operatorName: string; action: string }[] = [];

  beforeAll(async () => {
    // One transaction: every entry has the same time (now()), so the time is a tie for all of them.
    await t.db.transaction(async (tx) => {
      for (const [operatorName, action] of [
        ['carol', 'agent.freeze'],
        ['alice', 'withdrawal.approve'],
        ['bob', 'agent.freeze'],
        ['alice', 'adjustment.create'],
      ] as const) {
        await recordAudit(
          tx,
          { operatorId: null, operatorName, address: '127.0.0.1' },
          { action, target: { type: targetType, id: operatorName } },
        );
      }
    });
    const page = await call('adminAuditList', tokens.owner, { targetType, pageSize: 100 });
    ids = page.data.list.map((e) => ({ id: Number(e.id), operatorName: e.operatorName, action: e.action }));
    expect(ids).toHaveLength(4);
  });

  const key = (row: { id: string }) => row.id;
  const byText = (value: (r: (typeof ids)[number]) => string, direction: 'asc' | 'desc') =>
    [...ids]
      .sort((x, y) => {
        const a = value(x);
        const b = value(y);
        const column = direction === 'asc' ? (a < b ? -1 : a > b ? 1 : 0) : a < b ? 1 : a > b ? -1 : 0;
        // Ties: newest first (the same time here), then the highest id.
        return column || y.id - x.id;
      })
      .map((r) => String(r.id));

  it('sorts by time, operator or action, either way, newest first unless asked; ties newest first by id', async () => {
    const newest = [...ids].sort((x, y) => y.id - x.id).map((r) => String(r.id));
    expect(await keysOf('adminAuditList', { targetType }, key)).toEqual(newest);
    expect(await keysOf('adminAuditList', { targetType, sort: 'createdAt', order: 'asc' }, key)).toEqual(
      [...newest].reverse(),
    );
    for (const order of ['asc', 'desc'] as const) {
      expect(await keysOf('adminAuditList', { targetType, sort: 'operator', order }, key)).toEqual(
        byText((r) => r.operatorName, order),
      );
      expect(await keysOf('adminAuditList', { targetType, sort: 'action', order }, key)).toEqual(
        byText((r) => r.action, order),
      );
      expect(await walk('adminAuditList', { targetType, sort: 'action', order }, 1, key)).toEqual(
        byText((r) => r.action, order),
      );
    }
  });

  it('refuses an unknown column or direction with 400 in the envelope', async () => {
    await refusesBadSort('adminAuditList', {});
  });
});

describe('adjustments (admin/adjustments/list)', () => {
  let ownerId: number;
  const made: { id: number; createdAt: number; decidedAt: number | null; status: string }[] = [];

  beforeAll(async () => {
    ownerId = (await createAgent(t.db)).agentId;
    const base = Date.parse('2024-05-03T10:00:00Z');
    for (const [minutes, decided, status] of [
      [0, 20, 'applied'],
      [4, null, 'pending'],
      [4, 20, 'rejected'],
      [2, null, 'pending'],
      [1, 30, 'applied'],
    ] as const) {
      const [row] = await t.db
        .insert(adjustments)
        .values({
          ownerType: 'agent',
          ownerId,
          currency: 'balance',
          amount: 100,
          reason: 'sort test',
          status,
          approvalsNeeded: 1,
          createdBy: operatorIds.finance,
          decidedBy: decided === null ? null : operatorIds.owner,
          createdAt: new Date(base + minutes * 60_000),
          decidedAt: decided === null ? null : new Date(base + decided * 60_000),
        })
        .returning({ id: adjustments.id });
      made.push({
        id: (row as { id: number }).id,
        createdAt: base + minutes * 60_000,
        decidedAt: decided === null ? null : base + decided * 60_000,
        status,
      });
    }
  });

  const key = (row: { id: string }) => row.id;
  const filter = () => ({ ownerType: 'agent' as const, ownerId });
  const byCreated = (rows: typeof made, direction: 'asc' | 'desc') =>
    expected(
      rows,
      (r) => r.createdAt,
      (r) => r.id,
      direction,
    ).map((r) => String(r.id));

  it('sorts by creation or decision time, either way; pending ones oldest first unless asked', async () => {
    expect(await keysOf('adminAdjustmentList', filter(), key)).toEqual(byCreated(made, 'desc'));
    const pending = made.filter((r) => r.status === 'pending');
    expect(await keysOf('adminAdjustmentList', { ...filter(), status: 'pending' }, key)).toEqual(
      byCreated(pending, 'asc'),
    );
    expect(
      await keysOf(
        'adminAdjustmentList',
        { ...filter(), status: 'pending', sort: 'createdAt', order: 'desc' },
        key,
      ),
    ).toEqual(byCreated(pending, 'desc'));
    for (const order of ['asc', 'desc'] as const) {
      expect(await keysOf('adminAdjustmentList', { ...filter(), sort: 'createdAt', order }, key)).toEqual(
        byCreated(made, order),
      );
      // By decision time: the undecided last either way; ties by creation time, then the id.
      const decided = made.filter((r) => r.decidedAt !== null);
      const undecided = made.filter((r) => r.decidedAt === null);
      const sign = order === 'asc' ? 1 : -1;
      const want = [
        ...[...decided].sort(
          (x, y) =>
            sign *
            ((x.decidedAt as number) - (y.decidedAt as number) || x.createdAt - y.createdAt || x.id - y.id),
        ),
        ...[...undecided].sort((x, y) => sign * (x.createdAt - y.createdAt || x.id - y.id)),
      ].map((r) => String(r.id));
      expect(await keysOf('adminAdjustmentList', { ...filter(), sort: 'decidedAt', order }, key)).toEqual(
        want,
      );
      expect(await walk('adminAdjustmentList', { ...filter(), sort: 'decidedAt', order }, 2, key)).toEqual(
        want,
      );
    }
  });

  it('refuses an unknown column or direction with 400 in the envelope', async () => {
    await refusesBadSort('adminAdjustmentList', {});
  });
});

describe('rights', () => {
  it('each role reads the sorted lists its right allows, and is refused the others with 10103', async () => {
    const cases: { name: CallName; input: Record<string, unknown> }[] = [
      { name: 'adminOrderList', input: { sort: 'amount', order: 'asc' } },
      { name: 'adminPlayerList', input: { sort: 'diamonds', order: 'desc' } },
      { name: 'adminAuditList', input: { sort: 'action', order: 'asc' } },
      { name: 'adminAdjustmentList', input: { sort: 'decidedAt', order: 'desc' } },
    ];
    for (const { name, input } of cases) {
      const right = calls[name].right as NonNullable<(typeof calls)[typeof name]['right']>;
      for (const role of ZOperatorRole.options) {
        const answer = await apiUnchecked(t.app, name, { input, ...asOperator(tokens[role]) });
        const where = `${name} as ${role}`;
        expect(answer.status, where).toBe(200);
        if (hasRight(role, right)) expect(answer.code, where).toBe(ResponseCode.success);
        else
          expect({ code: answer.code, msg: answer.msg }, where).toEqual({
            code: ResponseCode.operatorForbidden,
            msg: `您的角色没有此操作的权限（${right}）`,
          });
      }
    }
    // The audit log is the owner's alone among the roles; the other lists every role's.
    expect(ZOperatorRole.options.filter((role) => hasRight(role, 'audit.read'))).toEqual(['owner']);
  });
});
