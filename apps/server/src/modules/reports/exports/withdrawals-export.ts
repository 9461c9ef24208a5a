import { fenToMoney } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { agents, players, withdrawals } from '../../../db/schema';
import { reviewFilter } from '../../withdrawals/withdrawal-review-service';
import { listExport, localTime } from './export-source';

/** The withdrawals as the review queue filters them, newest first by id; the account number only masked. */
export const withdrawalSource = listExport({
  select: ({ db, timeZone }) =>
    db
      .select({
        id: withdrawals.id,
        agentId: withdrawals.agentId,
        nickname: sql<string>`coalesce(${players.nickname}, '')`,
        amountFen: withdrawals.amountFen,
        feeFen: withdrawals.feeFen,
        status: withdrawals.status,
        accountType: withdrawals.accountType,
        accountName: withdrawals.accountName,
        accountMasked: withdrawals.accountMasked,
        bankName: withdrawals.bankName,
        createdAt: localTime(withdrawals.createdAt, timeZone),
        reviewedAt: localTime(withdrawals.reviewedAt, timeZone),
        settledAt: localTime(withdrawals.settledAt, timeZone),
        reference: withdrawals.reference,
        remark: withdrawals.remark,
      })
      .from(withdrawals)
      .innerJoin(agents, eq(agents.id, withdrawals.agentId))
      .leftJoin(players, eq(players.id, agents.playerId)),
  filter: reviewFilter,
  columns: ({ t, plain, text }) => [
    plain('csvWithdrawalId', (r) => r.id),
    plain('csvAgentId', (r) => r.agentId),
    text('csvNickname', (r) => r.nickname),
    plain('csvAmount', (r) => fenToMoney(r.amountFen)),
    plain('csvFee', (r) => fenToMoney(r.feeFen)),
    plain('csvNet', (r) => fenToMoney(r.amountFen - r.feeFen)),
    plain('csvStatus', (r) => t(`csvWithdrawal_${r.status}`)),
    plain('csvAccountType', (r) => t(`csvAccount_${r.accountType}`)),
    text('csvAccountName', (r) => r.accountName),
    text('csvAccountNo', (r) => r.accountMasked),
    text('csvBankName', (r) => r.bankName),
    plain('csvCreatedAt', (r) => r.createdAt),
    plain('csvReviewedAt', (r) => r.reviewedAt),
    plain('csvSettledAt', (r) => r.settledAt),
    text('csvReference', (r) => r.reference),
    text('csvRemark', (r) => r.remark),
  ],
  id: [withdrawals.id, (r) => r.id],
});
