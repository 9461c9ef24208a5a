import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

/** The rules of DESIGN section 4, as plainly as they can be written: the model the server is compared with. */
interface Model {
  diamonds: number[]; // agents A, B, C then players P, Q
  balance: number[]; // agents A, B, C (fen)
  withdrawalsToday: number[];
}
const PRICE = [50, 60, 70]; // fen per diamond, levels 1..3 (the option defaults)
const PARENT = [-1, 0, 1]; // A <- B <- C
const isBelow = (ancestor: number, agent: number) => {
  for (let p = PARENT[agent] as number; p >= 0; p = PARENT[p] as number) if (p === ancestor) return true;
  return false;
};

type Op =
  | { kind: 'recharge'; agent: number; player: number; diamonds: number }
  | { kind: 'transfer'; from: number; to: number; diamonds: number }
  | { kind: 'withdraw'; agent: number; fen: number }
  | { kind: 'exchange'; agent: number; fen: number }
  | { kind: 'retry'; back: number };

const agentIndex = fc.integer({ min: 0, max: 2 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('recharge' as const),
    agent: agentIndex,
    player: fc.integer({ min: 3, max: 4 }),
    diamonds: fc.integer({ min: 1, max: 250 }),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: agentIndex,
    to: agentIndex,
    diamonds: fc.integer({ min: 1, max: 250 }),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    agent: agentIndex,
    fen: fc.integer({ min: 5_000, max: 40_000 }),
  }),
  fc.record({
    kind: fc.constant('exchange' as const),
    agent: agentIndex,
    fen: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({ kind: fc.constant('retry' as const), back: fc.integer({ min: 1, max: 5 }) }),
);

/** Applies an operation to the model; answers whether the server must accept it. */
function applyToModel(m: Model, op: Exclude<Op, { kind: 'retry' }>): boolean {
  switch (op.kind) {
    case 'recharge':
      if ((m.diamonds[op.agent] as number) < op.diamonds) return false;
      m.diamonds[op.agent] = (m.diamonds[op.agent] as number) - op.diamonds;
      m.diamonds[op.player] = (m.diamonds[op.player] as number) + op.diamonds;
      return true;
    case 'transfer':
      if (!isBelow(op.from, op.to) || (m.diamonds[op.from] as number) < op.diamonds) return false;
      m.diamonds[op.from] = (m.diamonds[op.from] as number) - op.diamonds;
      m.diamonds[op.to] = (m.diamonds[op.to] as number) + op.diamonds;
      return true;
    case 'withdraw':
      if (
        op.fen < 10_000 ||
        (m.withdrawalsToday[op.agent] as number) >= 3 ||
        (m.balance[op.agent] as number) < op.fen
      )
        return false;
      m.balance[op.agent] = (m.balance[op.agent] as number) - op.fen;
      m.withdrawalsToday[op.agent] = (m.withdrawalsToday[op.agent] as number) + 1;
      return true;
    case 'exchange': {
      const diamonds = Math.floor(op.fen / (PRICE[op.agent] as number));
      const cost = diamonds * (PRICE[op.agent] as number);
      // Asking for more than the balance is refused, even when the whole diamonds would fit.
      if (diamonds < 1 || (m.balance[op.agent] as number) < op.fen) return false;
      m.balance[op.agent] = (m.balance[op.agent] as number) - cost;
      m.diamonds[op.agent] = (m.diamonds[op.agent] as number) + diamonds;
      return true;
    }
  }
}

const fen = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

describe('the money rules against a model', () => {
  it('agree with the server after every step of random sequences, retries included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(opArb, { minLength: 5, maxLength: 18 }),
        async (startDiamonds, startBalance, ops) => {
          const a = await createAgent(t.db, { level: 1 });
          const b = await createAgent(t.db, { level: 2, parentId: a.agentId });
          const c = await createAgent(t.db, { level: 3, parentId: b.agentId });
          const agents = [a, b, c];
          const players = [await createPlayer(t.db), await createPlayer(t.db)];
          const owners = [
            ...agents.map((x) => ({ ownerType: 'agent' as const, ownerId: x.agentId })),
            ...players.map((id) => ({ ownerType: 'player' as const, ownerId: id })),
          ];
          const model: Model = {
            diamonds: [...startDiamonds],
            balance: [...startBalance],
            withdrawalsToday: [0, 0, 0],
          };
          for (let i = 0; i < 5; i++)
            if ((startDiamonds[i] as number) > 0)
              await fund(t.db, owners[i] as (typeof owners)[number], 'diamonds', startDiamonds[i] as number);
          for (let i = 0; i < 3; i++)
            if ((startBalance[i] as number) > 0)
              await fund(t.db, owners[i] as (typeof owners)[number], 'balance', startBalance[i] as number);
          const tokens = await Promise.all(agents.map((x) => signIn(t.app, t.db, x.playerId)));

          const sent: {
            token: string;
            url: string;
            body: Record<string, unknown>;
            answer: string;
            op: Exclude<Op, { kind: 'retry' }>;
          }[] = [];
          for (const op of ops) {
            let token: string;
            let url: string;
            let body: Record<string, unknown>;
            let expectOk: boolean;
            if (op.kind === 'retry') {
              const previous = sent[sent.length - op.back];
              if (!previous) continue;
              const response = await t.app.inject({
                method: 'POST',
                url: previous.url,
                payload: previous.body,
                headers: { 'xx-token': previous.token },
              });
              const answer = response.json() as { code: number };
              // A retry of an accepted operation answers the first result and changes nothing; a refused one is
              // tried again (nothing was applied, its key rolled back), so the model judges it again: it may pass
              // now that the account has been refilled.
              if (JSON.parse(previous.answer).code === 1) {
                expect(response.body).toBe(previous.answer);
              } else {
                const expectOkNow = applyToModel(model, previous.op);
                expect({ retryOf: previous.op, code: answer.code }).toEqual({
                  retryOf: previous.op,
                  code: expectOkNow ? 1 : 0,
                });
                if (expectOkNow) previous.answer = response.body;
              }
            } else {
              const requestId = randomUUID();
              if (op.kind === 'recharge') {
                [token, url, body] = [
                  tokens[op.agent] as string,
                  '/api/agent/index/recharge',
                  { playerId: players[op.player - 3], diamonds: op.diamonds, requestId },
                ];
              } else if (op.kind === 'transfer') {
                [token, url, body] = [
                  tokens[op.from] as string,
                  '/api/agent/user/transferAgent',
                  { toAgentId: agents[op.to]?.agentId, diamonds: op.diamonds, requestId },
                ];
              } else if (op.kind === 'withdraw') {
                [token, url, body] = [
                  tokens[op.agent] as string,
                  '/api/agent/user/withdrawPostByUser',
                  {
                    amount: fen(op.fen),
                    accountType: 'wechat',
                    accountName: '张三',
                    accountNo: 'wxid_zhang123',
                    requestId,
                  },
                ];
              } else {
                [token, url, body] = [
                  tokens[op.agent] as string,
                  '/api/agent/user/withdrawExchange',
                  { amount: fen(op.fen), requestId },
                ];
              }
              expectOk = applyToModel(model, op);
              const response = await t.app.inject({
                method: 'POST',
                url,
                payload: body,
                headers: { 'xx-token': token },
              });
              const answer = response.json() as { code: number; msg: string };
              expect({ op, code: answer.code }).toEqual({ op, code: expectOk ? 1 : 0 });
              sent.push({ token, url, body, answer: response.body, op });
            }

            const rows = await t.db
              .select({
                ownerId: accounts.ownerId,
                ownerType: accounts.ownerType,
                currency: accounts.currency,
                value: accounts.value,
              })
              .from(accounts)
              .where(
                inArray(
                  accounts.ownerId,
                  owners.map((o) => o.ownerId),
                ),
              );
            const value = (i: number, currency: 'balance' | 'diamonds') =>
              rows.find(
                (r) =>
                  r.ownerType === owners[i]?.ownerType &&
                  r.ownerId === owners[i]?.ownerId &&
                  r.currency === currency,
              )?.value ?? 0;
            expect([0, 1, 2, 3, 4].map((i) => value(i, 'diamonds'))).toEqual(model.diamonds);
            expect([0, 1, 2].map((i) => value(i, 'balance'))).toEqual(model.balance);
          }
        },
      ),
      { numRuns: 25 },
    );
    await assertLedgerInvariants(t.db);
  });
});
