import { ResponseCode, calls } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../src/db/schema';
import { currentTotpCode } from '../../src/modules/operators/totp';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import { OPERATOR_PASSWORD, asOperator, createTestOperator, operatorToken } from '../operator-factories';

/**
 * Decision 018: operators apart from agents. Sign-in with a password and the authenticator's code (otplib), a code good
 * once, the growing-delay throttle a stranger cannot turn against the owner, sessions that end, operators managed by
 * the owner, every action in an append-only audit log.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

const WRONG = { status: 200, code: 0, msg: '用户名、密码或验证码错误' };
const login = (input: { name: string; password: string; code: string }, ip = '10.0.0.1') =>
  api(t.app, 'adminLogin', { input, ip });
/** A code of another step than now's (the authenticator's code of 2 minutes ago): refused. */
const staleCode = (secret: string) => {
  const realNow = Date.now;
  Date.now = () => realNow() - 120_000;
  try {
    return currentTotpCode(secret);
  } finally {
    Date.now = realNow;
  }
};

describe('sign-in with two factors', () => {
  it('signs in with name, password and code; enrolment is recorded; the answer carries no secret', async () => {
    const op = await createTestOperator(t.db, 'finance');
    await t.db.update(operators).set({ twoFactorEnrolled: false }).where(eq(operators.id, op.id));
    const answer = await login({ name: op.name, password: OPERATOR_PASSWORD, code: op.code() });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminLogin.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data.operator).toMatchObject({ name: op.name, role: 'finance', twoFactorEnrolled: true });
    expect(JSON.stringify(answer.data)).not.toContain(op.secret);
    const me = await api(t.app, 'adminMe', { ...asOperator(answer.data.token) });
    expect(me.data).toMatchObject({ id: op.id, rights: expect.arrayContaining(['withdrawals.pay']) });
    // The agent's header does not carry it.
    expect((await api(t.app, 'adminMe', { token: answer.data.token })).code).toBe(
      ResponseCode.operatorNotSignedIn,
    );
  });

  it('refuses a wrong code, a stale code, a replayed code, a wrong password, an unknown name, a disabled operator', async () => {
    const op = await createTestOperator(t.db, 'viewer');
    const wrongCode = String((Number(op.code()) + 1) % 1_000_000).padStart(6, '0');
    expect(await login({ name: op.name, password: OPERATOR_PASSWORD, code: wrongCode })).toMatchObject(WRONG);
    expect(
      await login({ name: op.name, password: OPERATOR_PASSWORD, code: staleCode(op.secret) }),
    ).toMatchObject(WRONG);
    expect(await login({ name: op.name, password: 'wrong-password', code: op.code() })).toMatchObject(WRONG);
    expect(await login({ name: 'nobody-here', password: OPERATOR_PASSWORD, code: op.code() })).toMatchObject(
      WRONG,
    );
    const code = op.code();
    expect((await login({ name: op.name, password: OPERATOR_PASSWORD, code })).code).toBe(1);
    // The same code again, within its window: refused (otplib's afterTimeStep, the last step kept per operator).
    expect(await login({ name: op.name, password: OPERATOR_PASSWORD, code })).toMatchObject(WRONG);
    const disabled = await createTestOperator(t.db, 'owner', { disabled: true });
    expect(
      await login({ name: disabled.name, password: OPERATOR_PASSWORD, code: disabled.code() }),
    ).toMatchObject(WRONG);
    const audit = await t.db.execute(
      sql`select action, after from audit_log where operator_name = ${op.name} order by id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'login.failed',
      'login.failed',
      'login.failed',
      'login',
      'login.failed',
    ]);
  });

  it('holds a stranger back with growing delays, but not the owner holding the authenticator', async () => {
    const op = await createTestOperator(t.db, 'owner');
    for (let i = 0; i < 5; i++)
      expect(
        await login({ name: op.name, password: `guess-${i}`, code: '000000' }, `10.1.0.${i}`),
      ).toMatchObject(WRONG);
    const held = await login({ name: op.name, password: 'guess-6', code: '000000' }, '10.1.0.9');
    expect(held).toMatchObject({ status: 200, code: 0, msg: expect.stringContaining('密码错误次数过多') });
    // The owner, from anywhere, with the code of its authenticator: in.
    const owner = await login({ name: op.name, password: OPERATOR_PASSWORD, code: op.code() }, '10.2.0.1');
    expect(owner.code, owner.msg).toBe(1);
  });

  it('ends sessions: logout, revocation by the owner, disabling', async () => {
    const owner = await operatorToken(t.db, (await createTestOperator(t.db, 'owner')).id);
    const op = await createTestOperator(t.db, 'support');
    const first = await operatorToken(t.db, op.id);
    expect((await api(t.app, 'adminLogout', { input: {}, ...asOperator(first) })).code).toBe(1);
    expect((await api(t.app, 'adminMe', { ...asOperator(first) })).code).toBe(
      ResponseCode.operatorNotSignedIn,
    );
    const second = await operatorToken(t.db, op.id);
    const revoked = await api(t.app, 'adminOperatorRevokeSessions', {
      input: { id: op.id },
      ...asOperator(owner),
    });
    expect(revoked.data).toEqual({ revokedSessions: 1 });
    expect((await api(t.app, 'adminMe', { ...asOperator(second) })).code).toBe(
      ResponseCode.operatorNotSignedIn,
    );
    const third = await operatorToken(t.db, op.id);
    const disabled = await api(t.app, 'adminOperatorUpdate', {
      input: { id: op.id, disabled: true, reason: '离职' },
      ...asOperator(owner),
    });
    expect(disabled.data).toMatchObject({ disabled: true });
    // An update that names no change answers the operator as it is (found by the fuzz: it answered 500).
    const unchanged = await api(t.app, 'adminOperatorUpdate', {
      input: { id: op.id, reason: 'nothing' },
      ...asOperator(owner),
    });
    expect(unchanged).toMatchObject({ status: 200, code: 1, data: { id: op.id, disabled: true } });
    expect((await api(t.app, 'adminMe', { ...asOperator(third) })).code).toBe(
      ResponseCode.operatorNotSignedIn,
    );
  });
});

describe('operators', () => {
  it('the owner creates one: a one-time password and an otpauth URI; it must change the password first', async () => {
    const ownerOp = await createTestOperator(t.db, 'owner');
    const owner = await operatorToken(t.db, ownerOp.id);
    const created = await api(t.app, 'adminOperatorCreate', {
      input: { name: 'new-finance', role: 'finance' },
      ...asOperator(owner),
    });
    expect(created.code, created.msg).toBe(1);
    expect(created.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/Promoter:new-finance\?secret=[A-Z2-7]+/);
    expect(created.data.operator).toMatchObject({ mustChangePassword: true, twoFactorEnrolled: false });
    expect(
      await api(t.app, 'adminOperatorCreate', {
        input: { name: 'new-finance', role: 'viewer' },
        ...asOperator(owner),
      }),
    ).toMatchObject({ code: 0, msg: '该运营账号名已存在' });
    const secret = new URL(created.data.otpauthUri).searchParams.get('secret') as string;
    const signedIn = await login({
      name: 'new-finance',
      password: created.data.password,
      code: currentTotpCode(secret),
    });
    expect(signedIn.code, signedIn.msg).toBe(1);
    const session = asOperator(signedIn.data.token);
    expect(await api(t.app, 'adminWithdrawalList', { input: {}, ...session })).toMatchObject({
      code: ResponseCode.operatorForbidden,
      msg: '请先修改一次性密码',
    });
    const changed = await api(t.app, 'adminChangePassword', {
      input: { oldPassword: created.data.password, newPassword: 'a-better-password' },
      ...session,
    });
    expect(changed.code, changed.msg).toBe(1);
    expect((await api(t.app, 'adminWithdrawalList', { input: {}, ...session })).code).toBe(1);
    // It cannot change itself; the list never carries a secret or a hash.
    expect(
      await api(t.app, 'adminOperatorUpdate', {
        input: { id: ownerOp.id, role: 'viewer', reason: 'x' },
        ...asOperator(owner),
      }),
    ).toMatchObject({ code: 0, msg: '不能修改自己的角色或状态' });
    const list = await api(t.app, 'adminOperatorList', { input: {}, ...asOperator(owner) });
    expect(list.data.list.map((o) => o.name)).toContain('new-finance');
    expect(JSON.stringify(list.data)).not.toMatch(/argon2|v1:/);
  });
});

describe('role changes and resets (decision 037)', () => {
  const update = (token: string, input: Record<string, unknown>) =>
    apiUnchecked(t.app, 'adminOperatorUpdate', { input, ...asOperator(token) });

  it('a role change needs a reason, kept in the audit; granting or removing owner needs a fresh code', async () => {
    const ownerOp = await createTestOperator(t.db, 'owner');
    const owner = await operatorToken(t.db, ownerOp.id);
    const op = await createTestOperator(t.db, 'support');
    expect((await update(owner, { id: op.id, role: 'finance' })).status).toBe(400);
    const changed = await update(owner, { id: op.id, role: 'finance', reason: '调岗到财务' });
    expect(changed.data).toMatchObject({ role: 'finance' });
    const [audit] = (
      await t.db.execute(
        sql`select after from audit_log where action = 'operator.update' and target_id = ${String(op.id)}`,
      )
    ).rows as { after: { role: string; reason: string } }[];
    expect(audit?.after).toMatchObject({ role: 'finance', reason: '调岗到财务' });

    // Owner: no code, a wrong code, then a good one; the same code again is refused (taken once).
    expect(await update(owner, { id: op.id, role: 'owner', reason: '合伙人' })).toMatchObject({
      code: 0,
      msg: '请输入验证器的新验证码以确认此操作',
    });
    const wrong = String((Number(ownerOp.code()) + 1) % 1_000_000).padStart(6, '0');
    expect(await update(owner, { id: op.id, role: 'owner', reason: '合伙人', code: wrong })).toMatchObject({
      code: 0,
      msg: '验证码错误或已使用',
    });
    const code = ownerOp.code();
    const granted = await update(owner, { id: op.id, role: 'owner', reason: '合伙人', code });
    expect(granted.data).toMatchObject({ role: 'owner' });
    expect(await update(owner, { id: op.id, role: 'viewer', reason: '撤销', code })).toMatchObject({
      code: 0,
      msg: '验证码错误或已使用',
    });
    const after = await api(t.app, 'adminOperatorList', { input: {}, ...asOperator(owner) });
    expect(after.data.list.find((o) => o.id === op.id)?.role).toBe('owner');
  });

  it('resets a lost password and authenticator: shown once, changed and enrolled at the next sign-in', async () => {
    const ownerOp = await createTestOperator(t.db, 'owner');
    const owner = await operatorToken(t.db, ownerOp.id);
    const op = await createTestOperator(t.db, 'finance');
    const session = await operatorToken(t.db, op.id);
    const reset = (input: Record<string, unknown>) =>
      apiUnchecked(t.app, 'adminOperatorReset', { input, ...asOperator(owner) });
    expect(
      (await reset({ id: op.id, password: false, twoFactor: false, reason: 'x', code: '000000' })).status,
    ).toBe(400);
    expect((await reset({ id: op.id, password: true, twoFactor: true, code: ownerOp.code() })).status).toBe(
      400,
    );
    expect(
      await reset({ id: ownerOp.id, password: true, twoFactor: false, reason: 'x', code: '000000' }),
    ).toMatchObject({
      code: 0,
      msg: '不能修改自己的角色或状态',
    });
    const answer = await api(t.app, 'adminOperatorReset', {
      input: { id: op.id, password: true, twoFactor: true, reason: '手机丢失', code: ownerOp.code() },
      ...asOperator(owner),
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminOperatorReset.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data.operator).toMatchObject({ mustChangePassword: true, twoFactorEnrolled: false });
    // Its sessions ended; the old password and the old authenticator no longer sign in.
    expect((await api(t.app, 'adminMe', { ...asOperator(session) })).code).toBe(
      ResponseCode.operatorNotSignedIn,
    );
    expect(await login({ name: op.name, password: OPERATOR_PASSWORD, code: op.code() })).toMatchObject(WRONG);
    const secret = new URL(answer.data.otpauthUri as string).searchParams.get('secret') as string;
    const signedIn = await login({
      name: op.name,
      password: answer.data.password as string,
      code: currentTotpCode(secret),
    });
    expect(signedIn.code, signedIn.msg).toBe(1);
    expect(signedIn.data.operator).toMatchObject({ mustChangePassword: true, twoFactorEnrolled: true });
    expect(
      (await api(t.app, 'adminWithdrawalList', { input: {}, ...asOperator(signedIn.data.token) })).msg,
    ).toBe('请先修改一次性密码');
    // A support or finance operator cannot reset anyone.
    const finance = await operatorToken(t.db, (await createTestOperator(t.db, 'finance')).id);
    expect(
      (
        await api(t.app, 'adminOperatorReset', {
          input: { id: op.id, password: true, twoFactor: false, reason: 'x', code: '000000' },
          ...asOperator(finance),
        })
      ).code,
    ).toBe(ResponseCode.operatorForbidden);
  });
});

describe('the audit log', () => {
  it('is searchable by operator, action and date, and refuses UPDATE, DELETE and TRUNCATE', async () => {
    const ownerOp = await createTestOperator(t.db, 'owner');
    const owner = await operatorToken(t.db, ownerOp.id);
    await api(t.app, 'adminOperatorCreate', {
      input: { name: 'audited-one', role: 'viewer' },
      ...asOperator(owner),
    });
    const mine = await api(t.app, 'adminAuditList', {
      input: { operatorId: ownerOp.id },
      ...asOperator(owner),
    });
    expect(mine.data.list).toHaveLength(1);
    expect(mine.data.list[0]).toMatchObject({
      action: 'operator.create',
      operatorName: ownerOp.name,
      after: { name: 'audited-one', role: 'viewer' },
    });
    const failed = await api(t.app, 'adminAuditList', {
      input: { action: 'login.failed', pageSize: 1 },
      ...asOperator(owner),
    });
    expect(failed.data).toMatchObject({ pageSize: 1 });
    const none = await api(t.app, 'adminAuditList', {
      input: { to: '2001-01-01T00:00:00Z' },
      ...asOperator(owner),
    });
    expect(none.data.total).toBe(0);
    for (const statement of [
      sql`update audit_log set action = 'nothing'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const error = await t.db.execute(statement).then(
        () => null,
        (caught: unknown) => caught as { cause?: { message?: string } },
      );
      expect(error?.cause?.message).toMatch(/append-only/);
    }
  });

  it('keeps the calls an operator was refused for want of the right', async () => {
    const viewerOp = await createTestOperator(t.db, 'viewer');
    const viewer = await operatorToken(t.db, viewerOp.id);
    const owner = await operatorToken(t.db, (await createTestOperator(t.db, 'owner')).id);
    expect(
      (
        await api(t.app, 'adminOperatorCreate', {
          input: { name: 'not-made', role: 'owner' },
          ...asOperator(viewer),
        })
      ).code,
    ).toBe(ResponseCode.operatorForbidden);
    const denied = await api(t.app, 'adminAuditList', {
      input: { operatorId: viewerOp.id, action: 'call.denied' },
      ...asOperator(owner),
    });
    expect(denied.data.list).toHaveLength(1);
    expect(denied.data.list[0]).toMatchObject({
      operatorName: viewerOp.name,
      targetType: 'call',
      targetId: 'adminOperatorCreate',
      after: { right: 'operators.manage' },
    });
  });
});
