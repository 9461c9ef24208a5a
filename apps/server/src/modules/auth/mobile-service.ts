import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { players } from '../../db/schema';
import { AppError } from '../../errors';
import { spendCaptcha } from './captcha-service';

/**
 * A signed-in player proves a mobile number with its SMS code and takes it. The owner check, the code's use and the
 * player's update are one transaction: a code is spent only when the number is written, and a number another
 * player holds is refused before its code is touched. A wrong code still counts (the transaction commits, then
 * refuses).
 */
export async function verifyMobile(
  deps: { db: Db; secret: string },
  playerId: number,
  mobile: string,
  code: string,
): Promise<{ mobile: string }> {
  const ok = await deps.db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: players.id }).from(players).where(eq(players.mobile, mobile));
    if (owner && owner.id !== playerId) throw new AppError('mobileTaken');
    if (!(await spendCaptcha(tx, deps.secret, mobile, 'bind-mobile', code))) return false;
    await tx
      .update(players)
      .set({ mobile, updatedAt: sql`now()` })
      .where(eq(players.id, playerId));
    return true;
  });
  if (!ok) throw new AppError('captchaInvalid');
  return { mobile };
}
