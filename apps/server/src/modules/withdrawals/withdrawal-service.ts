import {
  BillType,
  fenToMoney,
  moneyToFen,
  type TWithdrawal,
  type WithdrawalAccountType,
  type WithdrawalStatus,
  withdrawalFeeFen,
} from '@promoter/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, exchanges, withdrawals } from '../../db/schema';
import { AppError } from '../../errors';
import { agentPriceFen } from '../agents/pricing';
import { once } from '../ledger/idempotency';
import { ensureAccount, refuseShortfall, memo, type Posting, post, postAll } from '../ledger/ledger-service';
import { getOption, getPlatformTimeZone } from '../options/options-service';

type WithdrawalRow = typeof withdrawals.$inferSelect;

export function toWithdrawalDto(row: WithdrawalRow): TWithdrawal {
  return {
    id: String(row.id),
    amount: fenToMoney(row.amountFen),
    fee: fenToMoney(row.feeFen),
    status: row.status,
    accountType: row.accountType,
    accountName: row.accountName,
    accountNo: row.accountMasked ?? row.accountNo ?? '',
    bankName: row.bankName,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    remark: row.remark,
  };
}

export interface WithdrawInput {
  amount: string;
  accountType: WithdrawalAccountType;
  accountName: string;
  accountNo: string;
  bankName?: string;
  requestId: string;
}

/**
 * An application to withdraw cash: the amount leaves the balance at once (bill type 6) and waits for the
 * operator. Minimum, fee and daily count come from the options.
 */
export async function applyForWithdrawal(
  db: Db,
  agentId: number,
  input: WithdrawInput,
): Promise<{ withdrawal: TWithdrawal; balance: string }> {
  const amountFen = moneyToFen(input.amount);
  const params = {
    amountFen,
    accountType: input.accountType,
    accountName: input.accountName,
    accountNo: input.accountNo,
    bankName: input.bankName ?? null,
  };
  return once(
    db,
    { actorType: 'agent', actorId: agentId },
    input.requestId,
    'withdraw',
    params,
    async (tx) => {
      const minFen = moneyToFen(await getOption(tx, 'withdraw.min'));
      if (amountFen < minFen) throw new AppError('withdrawBelowMinimum', { min: fenToMoney(minFen) });
      if (input.accountType === 'bank' && !input.bankName) throw new AppError('bankNameRequired');
      const feeFen = withdrawalFeeFen(amountFen, await getOption(tx, 'withdraw.feeRate'));
      if (feeFen >= amountFen) throw new AppError('withdrawFeeTooHigh');

      // The balance row is locked first: two applications of one agent are counted one after the other.
      const accountId = await ensureAccount(tx, { ownerType: 'agent', ownerId: agentId }, 'balance');
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      const tz = await getPlatformTimeZone(tx);
      const dailyCount = Number(await getOption(tx, 'withdraw.dailyCount'));
      const [today] = await tx
        .select({ n: count() })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.agentId, agentId),
            sql`${withdrawals.createdAt} >= (date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`,
          ),
        );
      if ((today?.n ?? 0) >= dailyCount) throw new AppError('withdrawDailyLimit', { count: dailyCount });

      const [row] = await tx
        .insert(withdrawals)
        .values({
          agentId,
          amountFen,
          feeFen,
          accountType: input.accountType,
          accountName: input.accountName,
          accountNo: input.accountNo,
          bankName: input.bankName ?? null,
        })
        .returning();
      const withdrawal = row as WithdrawalRow;
      const { after } = await post(tx, {
        owner: { ownerType: 'agent', ownerId: agentId },
        currency: 'balance',
        amount: -amountFen,
        billType: BillType.withdrawal,
        ref: { type: 'withdrawal', id: String(withdrawal.id) },
        memo: memo('memoWithdrawApply'),
      }).catch(refuseShortfall('notEnoughBalance'));
      return { withdrawal: toWithdrawalDto(withdrawal), balance: fenToMoney(after) };
    },
  );
}

export async function listWithdrawals(
  db: Db,
  agentId: number,
  query: { status?: WithdrawalStatus; page: number; pageSize: number },
) {
  const where = and(
    eq(withdrawals.agentId, agentId),
    query.status ? eq(withdrawals.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return {
    list: rows.map(toWithdrawalDto),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Balance to diamonds at the agent's own price: whole diamonds only; the remainder stays on the balance. */
export async function exchangeBalance(db: Db, agentId: number, input: { amount: string; requestId: string }) {
  const amountFen = moneyToFen(input.amount);
  return once(
    db,
    { actorType: 'agent', actorId: agentId },
    input.requestId,
    'exchange',
    { amountFen },
    async (tx) => {
      const priceFen = await agentPriceFen(tx, agentId);
      const diamonds = Math.floor(amountFen / priceFen);
      if (diamonds < 1) throw new AppError('exchangeTooSmall', { price: fenToMoney(priceFen) });
      // Checked before anything is written: more than the balance is refused, whatever the amount.
      const accountId = await ensureAccount(tx, { ownerType: 'agent', ownerId: agentId }, 'balance');
      const [account] = await tx
        .select({ value: accounts.value })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update');
      if ((account?.value ?? 0) < amountFen) throw new AppError('notEnoughBalance');
      const costFen = diamonds * priceFen;
      const [row] = await tx
        .insert(exchanges)
        .values({ agentId, amountFen: costFen, priceFen, diamonds })
        .returning({ id: exchanges.id });
      const ref = { type: 'exchange', id: String((row as { id: number }).id) };
      const owner = { ownerType: 'agent', ownerId: agentId } as const;
      const spend: Posting = {
        owner,
        currency: 'balance',
        amount: -costFen,
        billType: BillType.exchange,
        ref,
        memo: memo('memoExchangeDiamonds', { diamonds }),
      };
      const gain: Posting = {
        owner,
        currency: 'diamonds',
        amount: diamonds,
        billType: BillType.exchange,
        ref,
        memo: memo('memoExchangeBalance', { amount: fenToMoney(costFen) }),
      };
      const results = await postAll(tx, [spend, gain]).catch(refuseShortfall('notEnoughBalance'));
      // The debit above was conditional on the cost; asking to exchange more than the balance is refused too,
      // even when the whole diamonds it buys would fit.
      const balanceAfter = results.get(spend)?.after ?? 0;
      if (balanceAfter + costFen < amountFen) throw new AppError('notEnoughBalance');
      return {
        diamondsAdded: diamonds,
        balance: fenToMoney(balanceAfter),
        diamonds: results.get(gain)?.after ?? 0,
      };
    },
  );
}
