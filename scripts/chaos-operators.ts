// The operators of `npm run chaos` (decision 037): finance operators working the withdrawal queue and making manual
// adjustments while the agents' clients move money and faults are injected. Each approves, pays, fails and rejects
// withdrawals other operators may be acting on at the same moment, and adjusts balances with requestIds (some
// repeated); the checks below hold the controls to account after each phase: maker/checker, approvals as needed,
// refunds and adjustments applied once, the two-person rule's daily limits never passed alone.
import { randomUUID } from 'node:crypto';
import type { Db } from '../apps/server/src/db/client';
import { operators as operatorsTable, options as optionsTable } from '../apps/server/src/db/schema';
import { en } from '../apps/server/src/i18n/messages';
import { hashPassword } from '../apps/server/src/modules/auth/password-service';
import { createOperatorSession } from '../apps/server/src/modules/operators/operator-session-service';
import { encryptTotpSecret, newTotpSecret } from '../apps/server/src/modules/operators/totp';

export interface ChaosOperator {
  id: number;
  tokens: string[];
  next: number;
}

/** The daily limits of the run: low, so the rule decides often under load. */
export const CHAOS_LIMITS = {
  'withdraw.soloDailyPerOperator': '2000.00',
  'withdraw.soloDailyPerAgent': '600.00',
  'adjust.soloDailyPerOperator': '300.00',
  'adjust.soloDailyPerTarget': '100.00',
} as const;

/** Three finance operators with a few sessions each, sealed with the servers' APP_SECRET, and the run's limits. */
export async function seedOperators(db: Db, appSecret: string): Promise<ChaosOperator[]> {
  await db
    .insert(optionsTable)
    .values(Object.entries(CHAOS_LIMITS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  const passwordHash = await hashPassword(randomUUID());
  const operators: ChaosOperator[] = [];
  for (let i = 1; i <= 3; i++) {
    const [row] = await db
      .insert(operatorsTable)
      .values({
        name: `chaos-finance-${i}`,
        role: 'finance',
        passwordHash,
        totpSecret: encryptTotpSecret(appSecret, newTotpSecret()),
        twoFactorEnrolled: true,
        mustChangePassword: false,
      })
      .returning({ id: operatorsTable.id });
    const id = (row as { id: number }).id;
    const tokens: string[] = [];
    for (let s = 0; s < 4; s++) tokens.push((await createOperatorSession(db, id, '127.0.0.1')).token);
    operators.push({ id, tokens, next: 0 });
  }
  return operators;
}

export type OperatorKind =
  'approve' | 'pay' | 'fail' | 'reject' | 'adjust' | 'adjustRepeat' | 'adjustApprove';

export interface OperatorOp {
  phase: string;
  kind: OperatorKind;
  operatorId: number;
  /** The withdrawal's or the adjustment's id, or the adjustment's requestId for a creation. */
  target: string;
  body: Record<string, unknown>;
  outcome: 'acked' | 'refused' | 'unresolved';
  msg?: string;
  data?: unknown;
  errors: number;
}

/** What a run lends the operators' clients: its servers, its clock, its anomalies. */
export interface OperatorRun {
  phase: string;
  stopAt: number;
  drainUntil: number;
  transientErrors: number;
  anomaly(text: string): void;
  call(
    method: string,
    path: string,
    body: Record<string, unknown> | undefined,
    headers: Record<string, string>,
  ): Promise<{ status: number; json: Record<string, unknown> } | null>;
}

const prefix = (key: keyof typeof en) => en[key].split('{')[0] as string;
/** The refusals an operator racing others may get: someone else acted first, or the rule said no. */
const EXPECTED = [
  prefix('withdrawalStateChanged'),
  prefix('withdrawalAlreadyApprovedByYou'),
  prefix('withdrawalSettleOwnApproval'),
  prefix('adjustmentStateChanged'),
  prefix('adjustmentOwnApproval'),
  prefix('adjustmentInsufficient'),
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const money = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/**
 * One operator until the phase's time is up: reads a page of the queue, then acts on one of its rows. A change whose
 * answer was lost is sent again as it was (compare-and-set and requestIds make that safe).
 */
export async function operatorClient(
  run: OperatorRun,
  operator: ChaosOperator,
  agentIds: number[],
  ops: OperatorOp[],
  rnd: () => number,
): Promise<void> {
  const headers = () => ({
    'x-operator-token': operator.tokens[operator.next++ % operator.tokens.length] as string,
  });
  const pickOf = async (path: string, query: string): Promise<string | undefined> => {
    const answer = await run.call('GET', `${path}?${query}`, undefined, headers());
    const list = (answer?.json.data as { list?: { id: string }[] } | null)?.list ?? [];
    return list.length === 0 ? undefined : list[Math.floor(rnd() * list.length)]?.id;
  };
  const act = async (kind: OperatorKind, path: string, target: string, body: Record<string, unknown>) => {
    const op: OperatorOp = {
      phase: run.phase,
      kind,
      operatorId: operator.id,
      target,
      body,
      outcome: 'unresolved',
      errors: 0,
    };
    ops.push(op);
    for (;;) {
      const answer = await run.call('POST', path, body, headers());
      const code = answer?.json.code;
      const msg = typeof answer?.json.msg === 'string' ? answer.json.msg : '';
      const transient = !answer || answer.status >= 500 || answer.status === 429 || code === 10101;
      if (!transient) {
        op.msg = msg;
        if (answer.status === 200 && code === 1) {
          op.outcome = 'acked';
          op.data = answer.json.data;
        } else {
          op.outcome = 'refused';
          if (answer.status !== 200 || !EXPECTED.some((text) => msg.startsWith(text)))
            run.anomaly(`operator ${kind} ${target}: HTTP ${answer.status} "${msg}"`);
        }
        return op;
      }
      op.errors++;
      run.transientErrors++;
      if (run.phase === 'calm')
        run.anomaly(
          `operator ${kind} ${target}: ${answer ? `HTTP ${answer.status} ${msg}` : 'no answer'} with no fault injected`,
        );
      if (Date.now() > run.drainUntil) return op;
      await sleep(150 + rnd() * 350);
    }
  };
  const created: OperatorOp[] = [];
  while (Date.now() < run.stopAt) {
    const roll = rnd();
    if (roll < 0.4) {
      const id = await pickOf('admin/withdrawals/list', 'status=pending&pageSize=20');
      if (id) await act('approve', 'admin/withdrawals/approve', id, { id });
    } else if (roll < 0.7) {
      const id = await pickOf('admin/withdrawals/list', 'status=approved&pageSize=20');
      if (id && rnd() < 0.8)
        await act('pay', 'admin/withdrawals/pay', id, { id, reference: `CHAOS-${operator.id}-${id}` });
      else if (id) await act('fail', 'admin/withdrawals/fail', id, { id, reason: 'chaos: bounced' });
    } else if (roll < 0.78) {
      const id = await pickOf('admin/withdrawals/list', 'status=pending&pageSize=20');
      if (id) await act('reject', 'admin/withdrawals/reject', id, { id, reason: 'chaos: rejected' });
    } else if (roll < 0.92) {
      const requestId = randomUUID();
      const body = {
        ownerType: 'agent',
        ownerId: agentIds[Math.floor(rnd() * agentIds.length)],
        currency: 'balance',
        direction: rnd() < 0.7 ? 'credit' : 'debit',
        amount: money(100 + Math.floor(rnd() * 4_900)),
        reason: 'chaos',
        requestId,
      };
      const op = await act('adjust', 'admin/adjustments/create', requestId, body);
      if (op.outcome === 'acked') created.push(op);
    } else if (roll < 0.95 && created.length > 0) {
      // The same requestId again: the same adjustment, applied once.
      const of = created[Math.floor(rnd() * created.length)] as OperatorOp;
      const again = await act('adjustRepeat', 'admin/adjustments/create', of.target, of.body);
      const id = (x: OperatorOp) => (x.data as { id?: string } | undefined)?.id;
      if (again.outcome === 'acked' && id(again) !== id(of))
        run.anomaly(`adjustment ${of.target} repeated: answered ${id(again)}, first ${id(of)}`);
    } else {
      const id = await pickOf('admin/adjustments/list', 'status=pending&pageSize=20');
      if (id) await act('adjustApprove', 'admin/adjustments/approve', id, { id });
    }
  }
}

/** The controls after a phase, in SQL over the whole database, and every acknowledged operator action present. */
export async function checkOperators(
  rows: <T>(text: string, values?: unknown[]) => Promise<T[]>,
  ops: OperatorOp[],
  phase: string,
): Promise<string[]> {
  const problems: string[] = [];
  const expectNone = async (what: string, text: string) => {
    const found = await rows(text);
    if (found.length > 0) problems.push(`${what}: ${found.length} (${JSON.stringify(found.slice(0, 3))})`);
  };
  await expectNone(
    'withdrawals settled by an operator who approved them',
    `select w.id from withdrawals w
       join audit_log a on a.target_type = 'withdrawal' and a.target_id = w.id::text
        and a.action in ('withdrawal.pay', 'withdrawal.fail')
       join withdrawal_approvals p on p.withdrawal_id = w.id and p.operator_id = a.operator_id`,
  );
  await expectNone(
    'withdrawals past pending with fewer approvals than needed',
    `select w.id from withdrawals w where w.status in ('approved', 'paid', 'failed') and w.approvals_needed is not null
       and (select count(*) from withdrawal_approvals p where p.withdrawal_id = w.id) < w.approvals_needed`,
  );
  await expectNone(
    'withdrawals refunded other than once when rejected or failed, never otherwise',
    `select w.id, w.status from withdrawals w
      where (select count(*) from ledger_entries e where e.ref_type = 'withdrawal' and e.ref_id = w.id::text and e.bill_type = 7)
         <> case when w.status in ('rejected', 'failed') then 1 else 0 end`,
  );
  await expectNone(
    'adjustments applied other than once when applied, never otherwise',
    `select a.id, a.status from adjustments a
      where (select count(*) from ledger_entries e where e.ref_type = 'adjustment' and e.ref_id = a.id::text)
         <> case when a.status = 'applied' then 1 else 0 end`,
  );
  const limit = (key: keyof typeof CHAOS_LIMITS) => Math.round(Number(CHAOS_LIMITS[key]) * 100);
  const day = `((now() at time zone 'Asia/Shanghai')::date::timestamp at time zone 'Asia/Shanghai')`;
  await expectNone(
    'an operator’s withdrawals approved alone past its daily limit',
    `select p.operator_id, sum(w.amount_fen) from withdrawal_approvals p join withdrawals w on w.id = p.withdrawal_id
      where w.approvals_needed = 1 and w.status in ('approved', 'paid') and p.created_at >= ${day}
      group by p.operator_id having sum(w.amount_fen) > ${limit('withdraw.soloDailyPerOperator')}`,
  );
  await expectNone(
    'an agent’s withdrawals approved alone past its daily limit',
    `select w.agent_id, sum(w.amount_fen) from withdrawals w
      where w.approvals_needed = 1 and w.status in ('approved', 'paid') and w.reviewed_at >= ${day}
      group by w.agent_id having sum(w.amount_fen) > ${limit('withdraw.soloDailyPerAgent')}`,
  );
  await expectNone(
    'an operator’s adjustments applied alone past its daily limit',
    `select created_by, sum(abs(amount)) from adjustments
      where approvals_needed = 1 and status = 'applied' and currency = 'balance' and created_at >= ${day}
      group by created_by having sum(abs(amount)) > ${limit('adjust.soloDailyPerOperator')}`,
  );
  await expectNone(
    'an account’s adjustments applied alone past its daily limit',
    `select owner_id, sum(abs(amount)) from adjustments
      where approvals_needed = 1 and status = 'applied' and currency = 'balance' and created_at >= ${day}
      group by owner_type, owner_id having sum(abs(amount)) > ${limit('adjust.soloDailyPerTarget')}`,
  );
  // Every acknowledged action of the phase, in the database.
  const missing: string[] = [];
  for (const op of ops.filter((o) => o.phase === phase && o.outcome === 'acked')) {
    let present = true;
    if (op.kind === 'approve') {
      const [found] = await rows<{ n: number }>(
        'select count(*)::int as n from withdrawal_approvals where withdrawal_id = $1 and operator_id = $2',
        [op.target, op.operatorId],
      );
      present = found?.n === 1;
    } else if (op.kind === 'pay' || op.kind === 'fail' || op.kind === 'reject') {
      const status = op.kind === 'pay' ? 'paid' : op.kind === 'fail' ? 'failed' : 'rejected';
      const [found] = await rows<{ status: string; reference: string | null }>(
        'select status, reference from withdrawals where id = $1',
        [op.target],
      );
      present = found?.status === status && (op.kind !== 'pay' || found.reference === op.body.reference);
    } else {
      const id = (op.data as { id?: string } | undefined)?.id;
      const [found] = await rows<{ n: number }>('select count(*)::int as n from adjustments where id = $1', [
        id,
      ]);
      present = found?.n === 1;
    }
    if (!present) missing.push(`${op.kind} ${op.target}`);
  }
  if (missing.length > 0)
    problems.push(`operator actions acknowledged but not in the database: ${missing.slice(0, 5).join('; ')}`);
  return problems;
}
