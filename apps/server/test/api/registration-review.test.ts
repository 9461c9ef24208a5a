import { type CallInput, type CallName, calls, ResponseCode } from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, auditLog, notifications } from '../../src/db/schema';
import { createAgent, createPlayer, signIn } from '../factories';
import { api as callApi, build, type TestApp } from '../helper';
import { asOperator, createTestOperator, operatorToken } from '../operator-factories';
import { CapturingSmsProvider } from '../stand-ins/sms-capture';
import { api, cn, newMobile } from './identity-support';

/**
 * Pending registrations approved or refused (decision 024): with register.review on, a new agent waits as 'pending'
 * (1002 on every call) until an operator approves it (its inviter hears of it only then) or refuses it ('refused',
 * 1002 with its own message). Team sizes (decision 024) count every new agent, whatever its status.
 */

let t: TestApp;
const sms = new CapturingSmsProvider();
let owner: string;
let support: string;
let support2: string;
let viewer: string;

const admin = <N extends CallName>(name: N, token: string, input: CallInput<N>) =>
  callApi(t.app, name, { input, ...asOperator(token) });

async function setReview(on: boolean) {
  const now = await admin('adminOptionsGet', owner, {});
  const seen = now.data.list.find((entry) => entry.key === 'register.review')?.value ?? '';
  const changed = await admin('adminOptionsUpdate', owner, {
    reason: '开启注册审核',
    changes: [{ key: 'register.review', value: String(on), seen }],
  });
  expect(changed.code, changed.msg).toBe(1);
}

beforeAll(async () => {
  t = await build({}, undefined, { sms });
  const token = async (role: 'owner' | 'support' | 'viewer') =>
    operatorToken(t.db, (await createTestOperator(t.db, role)).id);
  [owner, support, support2, viewer] = [
    await token('owner'),
    await token('support'),
    await token('support'),
    await token('viewer'),
  ];
  await setReview(true);
});
afterAll(async () => {
  await setReview(false);
  await t.close();
});

/** A player registers under `inviter` through the real calls (SMS code included): its new agent session. */
async function registerUnder(inviter: number) {
  const playerId = await createPlayer(t.db);
  const playerToken = await signIn(t.app, t.db, playerId);
  const mobile = newMobile();
  const sent = await api(t.app, 'registerCaptcha', { input: { mobile } });
  expect(sent.code, sent.msg).toBe(1);
  const registered = await api(t.app, 'register', {
    token: playerToken,
    input: { mobile, captcha: sms.lastCode(mobile), password: 'secret-pass-1', from: inviter },
  });
  expect(registered.code, registered.msg).toBe(1);
  const [agent] = await t.db.select().from(agents).where(eq(agents.playerId, playerId));
  return { agentId: agent?.id as number, status: agent?.status, token: registered.data.token };
}

const joinedNotices = (inviter: number, child: number) =>
  t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.agentId, inviter),
        eq(notifications.kind, 'subAgentJoined'),
        eq(notifications.refId, String(child)),
      ),
    );

const teamSize = async (agentId: number) =>
  (await t.db.select({ n: agents.teamSize }).from(agents).where(eq(agents.id, agentId)))[0]?.n;

describe('registrations under review', () => {
  it('waits as pending until approved; the inviter hears of it at the approval, once', async () => {
    const inviter = await createAgent(t.db, { level: 1 });
    const child = await registerUnder(inviter.agentId);
    expect(child.status).toBe('pending');

    const waiting = await api(t.app, 'getUser', { token: child.token, input: {} });
    expect(waiting.code).toBe(ResponseCode.agentUnavailable);
    expect(waiting.msg).toBe(cn('agentPending'));
    expect(await joinedNotices(inviter.agentId, child.agentId)).toHaveLength(0);
    // Counted in the team at once, whatever its status.
    expect(await teamSize(inviter.agentId)).toBe(1);

    const listed = await admin('adminAgentList', viewer, { status: 'pending' });
    expect(listed.data.list.map((row) => row.agentId)).toContain(child.agentId);

    const approved = await admin('adminAgentReviewRegistration', support, {
      agentId: child.agentId,
      approve: true,
      reason: '资料齐全',
    });
    expect(approved.code, approved.msg).toBe(1);
    expect(calls.adminAgentReviewRegistration.data.parse(approved.data).status).toBe('active');
    const working = await api(t.app, 'getUser', { token: child.token, input: {} });
    expect(working.code, working.msg).toBe(1);
    expect(await joinedNotices(inviter.agentId, child.agentId)).toHaveLength(1);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agent.approve'), eq(auditLog.targetId, String(child.agentId))));
    expect(entry?.before).toEqual({ status: 'pending' });
    expect(entry?.after).toEqual({ status: 'active', reason: '资料齐全' });

    // Decided once: a second decision is told the state.
    const again = await admin('adminAgentReviewRegistration', support, {
      agentId: child.agentId,
      approve: false,
      reason: 'late',
    });
    expect(again.code).toBe(ResponseCode.failure);
    expect(again.msg).toBe(cn('agentStateChanged', { status: cn('csvAgent_active') }));
    expect(await joinedNotices(inviter.agentId, child.agentId)).toHaveLength(1);
  });

  it('refused, every call answers 1002 with the refusal; a viewer cannot decide; the page shows the reason', async () => {
    const inviter = await createAgent(t.db, { level: 2 });
    const child = await registerUnder(inviter.agentId);

    const byViewer = await admin('adminAgentReviewRegistration', viewer, {
      agentId: child.agentId,
      approve: true,
      reason: 'x',
    });
    expect(byViewer.code).toBe(ResponseCode.operatorForbidden);

    const refused = await admin('adminAgentReviewRegistration', support, {
      agentId: child.agentId,
      approve: false,
      reason: '手机号与身份不符',
    });
    expect(refused.code, refused.msg).toBe(1);
    expect(refused.data.status).toBe('refused');
    const answer = await api(t.app, 'getUser', { token: child.token, input: {} });
    expect(answer.code).toBe(ResponseCode.agentUnavailable);
    expect(answer.msg).toBe(cn('agentRefused'));
    expect(await joinedNotices(inviter.agentId, child.agentId)).toHaveLength(0);

    const page = await admin('adminAgentDetail', viewer, { agentId: child.agentId });
    expect(page.data.statusReason).toBe('手机号与身份不符');

    // An active agent is no registration to review.
    const active = await admin('adminAgentReviewRegistration', support, {
      agentId: inviter.agentId,
      approve: false,
      reason: 'x',
    });
    expect(active.msg).toBe(cn('agentStateChanged', { status: cn('csvAgent_active') }));
    const blank = await admin('adminAgentReviewRegistration', support, {
      agentId: child.agentId,
      approve: true,
      reason: '',
    });
    expect(blank.status).toBe(400);
  });

  it('two operators deciding at once: one decision applies, the other is told the state', async () => {
    const inviter = await createAgent(t.db, { level: 1 });
    const child = await registerUnder(inviter.agentId);
    const answers = await Promise.all([
      admin('adminAgentReviewRegistration', support, { agentId: child.agentId, approve: true, reason: 'a' }),
      admin('adminAgentReviewRegistration', support2, {
        agentId: child.agentId,
        approve: false,
        reason: 'b',
      }),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    const decisions = await t.db.execute(
      sql`select count(*)::int as n from audit_log where action in ('agent.approve', 'agent.refuse')
          and target_id = ${String(child.agentId)}`,
    );
    expect((decisions.rows[0] as { n: number }).n).toBe(1);
  });

  it('with review off, a registration is active at once and the inviter hears of it then', async () => {
    await setReview(false);
    try {
      const inviter = await createAgent(t.db, { level: 1 });
      const child = await registerUnder(inviter.agentId);
      expect(child.status).toBe('active');
      expect(await joinedNotices(inviter.agentId, child.agentId)).toHaveLength(1);
    } finally {
      await setReview(true);
    }
  });
});

describe('team sizes kept by the database (decision 024)', () => {
  it('count every agent below, at any depth, through registrations, moves and concurrent sign-ups', async () => {
    const top = await createAgent(t.db, { level: 1 });
    const mid = await createAgent(t.db, { level: 2, parentId: top.agentId });
    const other = await createAgent(t.db, { level: 2, parentId: top.agentId });
    // Eight registrations under one inviter at once: none lost, none deadlocked.
    await Promise.all(Array.from({ length: 8 }, () => registerUnder(mid.agentId)));
    expect(await teamSize(mid.agentId)).toBe(8);
    expect(await teamSize(top.agentId)).toBe(10);

    const leaf = (
      await t.db.select({ id: agents.id }).from(agents).where(eq(agents.parentId, mid.agentId))
    )[0]?.id as number;
    const moved = await admin('adminAgentMove', owner, {
      agentId: leaf,
      newParentId: other.agentId,
      expectedParentId: mid.agentId,
      reason: 'team',
    });
    expect(moved.code, moved.msg).toBe(1);
    expect([await teamSize(mid.agentId), await teamSize(other.agentId), await teamSize(top.agentId)]).toEqual(
      [7, 1, 10],
    );

    // The numbers the agent reads are these.
    const topToken = await signIn(t.app, t.db, top.playerId);
    const children = await api(t.app, 'children', { token: topToken, input: { page: 1, pageSize: 20 } });
    const sizes = Object.fromEntries(children.data.list.map((row) => [row.agentId, row.teamSize]));
    expect(sizes).toEqual({ [mid.agentId]: 7, [other.agentId]: 1 });

    // Whatever was written, the kept counts equal a count of the tree.
    const drift = await t.db.execute(sql`
      with recursive anc(descendant, ancestor) as (
        select id, parent_id from agents where parent_id is not null
        union all
        select anc.descendant, a.parent_id from anc join agents a on a.id = anc.ancestor where a.parent_id is not null
      )
      select a.id from agents a
      left join (select ancestor, count(*)::int as n from anc group by ancestor) c on c.ancestor = a.id
      where a.team_size <> coalesce(c.n, 0)`);
    expect(drift.rows).toEqual([]);
  });
});
