import {
  BillType,
  fenToMoney,
  maskAccountNumber,
  moneyToFen,
  normalizeAccountNumber,
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
import { awaitsConfirmation } from './transfer-handoff';
import { ensureAccount, refuseShortfall, memo, type Posting, post, postAll } from '../ledger/ledger-service';
import { getOption, getPlatformTimeZone } from '../options/options-service';
import {
  payoutAccountOf,
  type PayoutKey,
  type SealedAccount,
  savePayoutAccount,
  sealAccount,
} from '../payout/payout-service';

type WithdrawalRow = typeof withdrawals.$inferSelect;

export function toWithdrawalDto(row: WithdrawalRow): TWithdrawal {
  return {
    id: String(row.id),
    amount: fenToMoney(row.amountFen),
    fee: fenToMoney(row.feeFen),
    status: row.status,
    accountType: row.accountType,
    accountName: row.accountName,
    // Masked always (the first 12 characters hidden); a row from before decision 019 still holding its number in clear
    // until the start-up sealing (withdrawal-account.ts) is masked here too.
    accountNo:
      row.accountMasked ??
      (row.accountNo === null
        ? ''
        : maskAccountNumber(normalizeAccountNumber(row.accountType, row.accountNo))),
    bankName: row.bankName,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    remark: row.remark,
    confirm: awaitsConfirmation(row),
  };
}

/** The withdraw call's input: a saved account (`payoutAccountId`), or one typed here, saved too with `saveAccount`. */
export interface WithdrawInput {
  amount: string;
  payoutAccountId?: number;
  accountType?: WithdrawalAccountType;
  accountName?: string;
  accountNo?: string;
  bankName?: string;
  saveAccount?: boolean;
  requestId: string;
}

/** What a withdrawal keeps of the account it is paid to: its own copy, unchanged by a later delete of the account. */
type AccountCopy = Pick<
  typeof withdrawals.$inferInsert,
  'accountType' | 'accountName' | 'bankName' | 'accountSealed' | 'accountMasked' | 'payoutAccountId'
>;

const copyOf = (account: Omit<SealedAccount, 'digest'>, payoutAccountId: number | null): AccountCopy => ({
  accountType: account.type,
  accountName: account.holderName,
  bankName: account.bankName,
  accountSealed: account.accountSealed,
  accountMasked: account.accountMasked,
  payoutAccountId,
});

/**
 * An application to withdraw cash: the amount leaves the balance at once (bill type 6) and waits for the
 * operator. Minimum, fee and daily count come from the options. It goes to a saved payout account of the agent, or
 * to an account typed with it (checked and sealed as a saved one is, before the transaction); either way the
 * withdrawal keeps its own sealed and masked copy, and never the number in clear.
 */
export async function applyForWithdrawal(
  db: Db,
  payoutKey: PayoutKey,
  agentId: number,
  input: WithdrawInput,
): Promise<{ withdrawal: TWithdrawal; balance: string }> {
  const amountFen = moneyToFen(input.amount);
  const typed =
    input.payoutAccountId === undefined
      ? sealAccount(payoutKey, {
          type: input.accountType ?? 'alipay',
          holderName: input.accountName ?? '',
          bankName: input.bankName,
          accountNo: input.accountNo ?? '',
        })
      : null;
  // A retry with the same requestId must name the same account; the number enters the key only as a keyed digest.
  const params = typed
    ? {
        amountFen,
        accountType: typed.type,
        accountName: typed.holderName,
        account: typed.digest,
        bankName: typed.bankName,
        save: input.saveAccount === true,
      }
    : { amountFen, payoutAccountId: input.payoutAccountId };
  return once(
    db,
    { actorType: 'agent', actorId: agentId },
    input.requestId,
    'withdraw',
    params,
    async (tx) => {
      const minFen = moneyToFen(await getOption(tx, 'withdraw.min'));
      if (amountFen < minFen) throw new AppError('withdrawBelowMinimum', { min: fenToMoney(minFen) });
      let account: AccountCopy;
      if (typed === null) {
        const saved = await payoutAccountOf(tx, agentId, input.payoutAccountId as number);
        account = copyOf(saved, saved.id);
      } else if (input.saveAccount) {
        const saved = await savePayoutAccount(tx, payoutKey, agentId, typed, 'reuse');
        account = copyOf(typed, saved.id);
      } else {
        account = copyOf(typed, null);
      }
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
        .values({ agentId, amountFen, feeFen, ...account })
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
