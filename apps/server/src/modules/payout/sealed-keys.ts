import { desc, isNotNull } from 'drizzle-orm';
import { opensWith } from '../../crypto/seal';
import type { Db } from '../../db/client';
import { payoutAccounts, withdrawals } from '../../db/schema';
import type { PayoutKey } from './payout-service';

/**
 * What the payout key fails to open among the numbers this database holds sealed (decision 034): the newest payout
 * account's and the newest withdrawal's. Empty when it opens both, or when nothing is sealed yet.
 */
export async function payoutKeyRefusals(db: Db, key: PayoutKey): Promise<string[]> {
  const [account] = await db
    .select({ id: payoutAccounts.id, sealed: payoutAccounts.accountSealed })
    .from(payoutAccounts)
    .orderBy(desc(payoutAccounts.id))
    .limit(1);
  const [withdrawal] = await db
    .select({ id: withdrawals.id, sealed: withdrawals.accountSealed })
    .from(withdrawals)
    .where(isNotNull(withdrawals.accountSealed))
    .orderBy(desc(withdrawals.id))
    .limit(1);
  const refusals: string[] = [];
  if (account && !opensWith(key, account.sealed))
    refusals.push(`PAYOUT_ENCRYPTION_KEY does not open the sealed number of payout account ${account.id}`);
  if (withdrawal?.sealed && !opensWith(key, withdrawal.sealed))
    refusals.push(`PAYOUT_ENCRYPTION_KEY does not open the sealed account of withdrawal ${withdrawal.id}`);
  return refusals;
}
