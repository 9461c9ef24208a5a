import { BillType, ResponseCode } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import { agents } from '../../src/db/schema';
import { agentOwner, memo, postAll, type Posting } from '../../src/modules/ledger/ledger-service';
import { createAgent, fund, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';
import { lockWaitersReach } from '../lock-waits';
import { assertLedgerInvariants } from '../money-invariants';
import { uuid } from './money-support';

/**
 * The ledger's one lock order (`ledger_lock`, src/db/functions/ledger.sql, decision 039): an operation locks all the
 * accounts it changes first, ordered by owner, so two operations on the same two accounts wait for each other and
 * never deadlock. The race is made deterministic by a third transaction that holds one of the two accounts: each
 * operation is started only once the one before it is seen waiting (pg_locks), then the holder lets go.
 *
 * The agents: a child created before its parent and then moved under it, so the child's id sorts first. A transfer
 * from the parent to the child (the agent's own call, over HTTP) races postings of one operation to the same two
 * agents' diamonds (postAll). Take out the lock of `ledger_move` and the first case deadlocks; take out the lock of
 * `ledger_post_all` and the second does. PostgreSQL then aborts one of the two (40P01): the transfer answers 500 or
 * the postings throw, and this test fails.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

async function parentAndChildThatSortsFirst() {
  const formerParent = await createAgent(t.db, { level: 1 });
  const child = await createAgent(t.db, { level: 2, parentId: formerParent.agentId });
  const parent = await createAgent(t.db, { level: 1 });
  await t.db.update(agents).set({ parentId: parent.agentId }).where(eq(agents.id, child.agentId));
  expect(child.agentId).toBeLessThan(parent.agentId);
  for (const agent of [parent, child]) await fund(t.db, agentOwner(agent.agentId), 'diamonds', 1_000);
  return { parent: { ...parent, token: await signIn(t.app, t.db, parent.playerId) }, child };
}

/** Holds one agent's diamonds account, as any writer of it would, until `release` is called. */
async function holdAccount(agentId: number) {
  let release!: () => void;
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = t.db.transaction(async (tx: Tx) => {
    await tx.execute(
      sql`select 1 from accounts where owner_type = 'agent' and owner_id = ${agentId} and currency = 'diamonds'
          for no key update`,
    );
    held();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isHeld;
  return { release: () => release(), done };
}

const credit = (agentId: number, diamonds: number): Posting => ({
  owner: agentOwner(agentId),
  currency: 'diamonds',
  amount: diamonds,
  billType: BillType.adjustment,
  ref: { type: 'adjustment', id: `lock-order-${uuid()}` },
  memo: memo('memoAdjustment', { reason: 'lock order' }),
});

describe('the ledger locks the accounts of an operation in one order', () => {
  it.each([
    {
      guard: 'the transfer (ledger_move)',
      held: 'parent' as const,
      postingsFirst: 'child' as const,
    },
    {
      guard: 'the postings (ledger_post_all)',
      held: 'child' as const,
      postingsFirst: 'parent' as const,
    },
  ])(
    'a transfer to a child whose id sorts first and postings to the same two agents both land; the lock of $guard keeps them apart',
    async ({ held, postingsFirst }) => {
      const { parent, child } = await parentAndChildThatSortsFirst();
      const ids = { parent: parent.agentId, child: child.agentId };
      const holder = await holdAccount(ids[held]);

      const transfer = api(t.app, 'transferAgent', {
        token: parent.token,
        input: { toAgentId: child.agentId, diamonds: 100, requestId: uuid() },
      });
      await lockWaitersReach(t.db, 1);
      const other = postingsFirst === 'child' ? 'parent' : 'child';
      const postings = t.db.transaction((tx) =>
        postAll(tx, [credit(ids[postingsFirst], 7), credit(ids[other], 7)]),
      );
      await lockWaitersReach(t.db, 2);
      holder.release();
      await holder.done;

      const [answer, posted] = await Promise.allSettled([transfer, postings]);
      expect(answer.status === 'fulfilled' && answer.value.status).toBe(200);
      expect(answer.status === 'fulfilled' && answer.value).toMatchObject({ code: ResponseCode.success });
      expect(posted.status, posted.status === 'rejected' ? String(posted.reason) : '').toBe('fulfilled');
      await assertLedgerInvariants(t.db);
      const values = await t.db.execute<{ owner_id: number; value: number }>(
        sql`select owner_id, value::int from accounts
             where owner_type = 'agent' and currency = 'diamonds' and owner_id in (${ids.parent}, ${ids.child})`,
      );
      expect(Object.fromEntries(values.rows.map((row) => [row.owner_id, row.value]))).toEqual({
        [ids.parent]: 1_000 - 100 + 7,
        [ids.child]: 1_000 + 100 + 7,
      });
    },
  );
});
