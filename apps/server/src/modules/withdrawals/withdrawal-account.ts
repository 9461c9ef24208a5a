import { maskAccountNumber, normalizeAccountNumber } from '@promoter/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { openSealed, sealText } from '../../crypto/seal';
import { AppError } from '../../errors';
import type { AuditActor } from '../audit/audit-service';
import { recordAudit } from '../audit/audit-service';
import type { PayoutKey } from '../payout/payout-service';

/**
 * The account number a withdrawal is paid to (decision 019): kept sealed with its masked form beside it;
 * the whole number is read only by an operator allowed to pay, and each reading is audited.
 */

const SEAL_BATCH = 200;

/**
 * Seals the numbers that withdrawals made before decision 019 hold in clear (`account_no`): each row gets its sealed and
 * masked copy and loses the clear one in one conditional UPDATE (on the number it read), so running it twice, or on
 * two instances starting at once, changes each row once. Answers how many rows it sealed.
 */
export async function sealClearAccountNumbers(db: Db, key: PayoutKey): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await db
      .select({ id: withdrawals.id, type: withdrawals.accountType, accountNo: withdrawals.accountNo })
      .from(withdrawals)
      .where(isNotNull(withdrawals.accountNo))
      .limit(SEAL_BATCH);
    if (rows.length === 0) return sealed;
    for (const row of rows) {
      const clear = row.accountNo as string;
      const accountNo = normalizeAccountNumber(row.type, clear);
      const [changed] = await db
        .update(withdrawals)
        .set({
          accountSealed: sealText(key, accountNo),
          accountMasked: maskAccountNumber(accountNo),
          accountNo: null,
        })
        .where(and(eq(withdrawals.id, row.id), eq(withdrawals.accountNo, clear)))
        .returning({ id: withdrawals.id });
      if (changed) sealed += 1;
    }
  }
}

/**
 * The whole number of a withdrawal's account, for the operator who pays it (right withdrawals.pay, checked by the
 * route). The reading is recorded in the audit log (with the masked number only) in the transaction that reads it,
 * so no number leaves without its entry.
 */
export async function revealWithdrawalAccount(
  db: Db,
  key: PayoutKey,
  actor: AuditActor,
  id: number,
): Promise<{ id: string; accountNo: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        accountSealed: withdrawals.accountSealed,
        accountMasked: withdrawals.accountMasked,
        accountNo: withdrawals.accountNo,
        accountType: withdrawals.accountType,
      })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    if (!row) throw new AppError('withdrawalNotFound');
    const accountNo = row.accountSealed !== null ? openSealed(key, row.accountSealed) : (row.accountNo ?? '');
    await recordAudit(tx, actor, {
      action: 'withdrawal.revealAccount',
      target: { type: 'withdrawal', id: String(id) },
      after: {
        accountType: row.accountType,
        accountMasked: row.accountMasked ?? maskAccountNumber(accountNo),
      },
    });
    return { id: String(id), accountNo };
  });
}
