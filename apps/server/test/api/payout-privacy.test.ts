import { randomUUID } from 'node:crypto';
import { ResponseCode } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, fund, signIn } from '../factories';
import { type Answer, api, apiUnchecked, build, type TestApp } from '../helper';
import { asOperator, createTestOperator, operatorToken } from '../operator-factories';
import { agentOwner } from './money-support';

/**
 * Decision 019: a payout account number is personal data. Through a whole flow (saving accounts, withdrawing to them and
 * to typed ones, refusals, the operator's queue, approval and payment, deleting), no answer but the audited reveal,
 * no log line at the most verbose level and no column in clear carries a whole number, nor the 12 characters the mask
 * hides.
 */
const CARD = '6222020000000015';
const CARD_TYPED = '6222 0200 0000 0015';
const ALIPAY_MAIL = 'privacy.zhang@example.com';
const ALIPAY_MOBILE = '13812345678';
const WECHAT_ID = 'wxid_privacy_88';
/** A number refused by its Luhn check: a typo of a real card is still personal data. */
const CARD_TYPO = '6222020000000016';
const NUMBERS = [CARD, CARD_TYPED, ALIPAY_MAIL, ALIPAY_MOBILE, WECHAT_ID, CARD_TYPO];
/** The hidden parts: what the mask hides must not appear either. */
const HIDDEN = [
  CARD.slice(0, 12),
  ALIPAY_MAIL.slice(0, 12),
  WECHAT_ID.slice(0, 12),
  ALIPAY_MOBILE.slice(0, 7),
];

let t: TestApp;
let logged = '';
const answers: { name: string; body: string }[] = [];

function keep<T>(name: string, answer: Answer<T>): Answer<T> {
  answers.push({ name, body: JSON.stringify(answer) });
  return answer;
}

beforeAll(async () => {
  t = await build({ LOG_LEVEL: 'trace' }, undefined, undefined, {
    logStream: {
      write(line: string) {
        logged += line;
      },
    },
  });
});
afterAll(async () => t.close());

describe('a payout account number', () => {
  it('reaches no answer, no log line and no column in clear', async () => {
    const agent = await createAgent(t.db, { nickname: 'privacy' });
    await fund(t.db, agentOwner(agent.agentId), 'balance', 1_000_000);
    const token = await signIn(t.app, t.db, agent.playerId);
    const as = { token };

    const saved = keep(
      'add card',
      await api(t.app, 'payoutAccountAdd', {
        ...as,
        input: { type: 'bank', holderName: '张三', bankName: '工商银行', accountNo: CARD_TYPED },
      }),
    );
    expect(saved.code, saved.msg).toBe(1);
    keep(
      'add mobile',
      await api(t.app, 'payoutAccountAdd', {
        ...as,
        input: { type: 'alipay', holderName: '张三', accountNo: ALIPAY_MOBILE },
      }),
    );
    expect(
      keep(
        'duplicate',
        await api(t.app, 'payoutAccountAdd', {
          ...as,
          input: { type: 'bank', holderName: '张三', bankName: '工行', accountNo: CARD },
        }),
      ).code,
    ).toBe(0);
    expect(
      keep(
        'typo',
        await api(t.app, 'payoutAccountAdd', {
          ...as,
          input: { type: 'bank', holderName: '张三', bankName: '工行', accountNo: CARD_TYPO },
        }),
      ).code,
    ).toBe(0);
    expect(
      keep(
        'too long',
        await apiUnchecked(t.app, 'payoutAccountAdd', {
          ...as,
          input: {
            type: 'bank',
            holderName: '张三',
            bankName: '工行',
            accountNo: `${CARD}${'9'.repeat(60)}`,
          },
        }),
      ).status,
    ).toBe(400);
    keep('list', await api(t.app, 'payoutAccountList', as));

    const toSaved = keep(
      'withdraw saved',
      await api(t.app, 'withdraw', {
        ...as,
        input: { amount: '100.00', payoutAccountId: saved.data.account.id, requestId: randomUUID() },
      }),
    );
    expect(toSaved.code, toSaved.msg).toBe(1);
    const typedRequest = {
      amount: '100.00',
      accountType: 'alipay',
      accountName: '张三',
      accountNo: ALIPAY_MAIL,
      saveAccount: true,
      requestId: randomUUID(),
    } as const;
    expect(keep('withdraw typed', await api(t.app, 'withdraw', { ...as, input: typedRequest })).code).toBe(1);
    keep('withdraw replay', await api(t.app, 'withdraw', { ...as, input: typedRequest }));
    keep(
      'withdraw reused id',
      await api(t.app, 'withdraw', {
        ...as,
        input: { ...typedRequest, accountNo: 'other.zhang@example.com' },
      }),
    );
    expect(
      keep(
        'withdraw wechat',
        await api(t.app, 'withdraw', {
          ...as,
          input: {
            amount: '100.00',
            accountType: 'wechat',
            accountName: '张三',
            accountNo: WECHAT_ID,
            requestId: randomUUID(),
          },
        }),
      ).code,
    ).toBe(1);
    keep(
      'withdraw typo',
      await api(t.app, 'withdraw', {
        ...as,
        input: {
          amount: '100.00',
          accountType: 'bank',
          accountName: '张三',
          accountNo: CARD_TYPO,
          bankName: '工行',
          requestId: randomUUID(),
        },
      }),
    );
    keep('log', await api(t.app, 'withdrawLog', { ...as, input: {} }));

    const finance = await operatorToken(t.db, (await createTestOperator(t.db, 'finance')).id);
    const other = await operatorToken(t.db, (await createTestOperator(t.db, 'owner')).id);
    const id = toSaved.data.withdrawal.id;
    keep('queue', await api(t.app, 'adminWithdrawalList', { input: {}, ...asOperator(finance) }));
    keep('detail', await api(t.app, 'adminWithdrawalDetail', { input: { id }, ...asOperator(finance) }));
    expect(
      keep('approve', await api(t.app, 'adminWithdrawalApprove', { input: { id }, ...asOperator(finance) }))
        .code,
    ).toBe(1);
    const revealed = await api(t.app, 'adminWithdrawalRevealAccount', {
      input: { id },
      ...asOperator(other),
    });
    expect(revealed.data.accountNo).toBe(CARD);
    expect(
      keep(
        'pay',
        await api(t.app, 'adminWithdrawalPay', {
          input: { id, reference: 'BANK-REF-1' },
          ...asOperator(other),
        }),
      ).code,
    ).toBe(1);
    keep('audit', await api(t.app, 'adminAuditList', { input: {}, ...asOperator(other) }));
    keep(
      'agent detail',
      await api(t.app, 'adminAgentDetail', { input: { agentId: agent.agentId }, ...asOperator(other) }),
    );
    expect(
      keep('delete', await api(t.app, 'payoutAccountDelete', { ...as, input: { id: saved.data.account.id } }))
        .code,
    ).toBe(ResponseCode.success);
    keep('log after delete', await api(t.app, 'withdrawLog', { ...as, input: {} }));

    // The flow was logged (requests and answers at trace level), and nothing of a number is in it.
    expect(logged).toContain('agent/payout/add');
    expect(logged).toContain('admin/withdrawals/revealAccount');
    for (const secret of [...NUMBERS, ...HIDDEN]) {
      expect(logged, `the log carries ${secret}`).not.toContain(secret);
      for (const answer of answers)
        expect(answer.body, `${answer.name} carries ${secret}`).not.toContain(secret);
    }

    // No row of any table holds a number in clear (the sealed copies are ciphertext; the audit has the mask only).
    const tables = await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
    );
    for (const { tablename } of tables.rows as { tablename: string }[]) {
      for (const secret of [...NUMBERS, ...HIDDEN]) {
        const found = await t.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(tablename)} as row where row::text like ${`%${secret}%`}`,
        );
        expect((found.rows[0] as { n: number }).n, `${tablename} holds ${secret}`).toBe(0);
      }
    }
  });
});
