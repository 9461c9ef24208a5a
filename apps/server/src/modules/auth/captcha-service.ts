import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { CaptchaPurpose } from '@promoter/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { AppError } from '../../errors';
import type { SmsProvider } from '../../platform/sms/sms-provider';
import { getPlatformTimeZone } from '../options/options-service';

/** DESIGN section 4: 6 digits, 5 minutes, 5 tries, one a minute and ten a day per number. */
export const CAPTCHA_RULES = { ttlSeconds: 300, maxAttempts: 5, minIntervalSeconds: 60, perDay: 10 } as const;

const hashCode = (secret: string, mobile: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`${mobile}:${purpose}:${code}`).digest('hex');

/**
 * Issues and sends a code. Per number, issuing is serialized (an advisory lock), so the limits hold under races.
 * The code is committed first and sent after, with no transaction (nor lock) held while the SMS gateway answers;
 * a code that could not be sent is removed, so it does not count against the limits.
 */
export async function issueCaptcha(
  deps: { db: Db; sms: SmsProvider; secret: string },
  mobile: string,
  purpose: CaptchaPurpose,
): Promise<{ ttlSeconds: number }> {
  const issued = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);
    const [last] = await tx
      .select({ age: sql<number>`extract(epoch from now() - ${smsCodes.createdAt})` })
      .from(smsCodes)
      .where(eq(smsCodes.mobile, mobile))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last && Number(last.age) < CAPTCHA_RULES.minIntervalSeconds) {
      throw new AppError('captchaTooSoon', {
        seconds: Math.ceil(CAPTCHA_RULES.minIntervalSeconds - Number(last.age)),
      });
    }
    const tz = await getPlatformTimeZone(tx);
    const [today] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.mobile, mobile),
          sql`${smsCodes.createdAt} >= (date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`,
        ),
      );
    if ((today?.n ?? 0) >= CAPTCHA_RULES.perDay) throw new AppError('captchaDailyLimit');

    // Only the newest code of a number and purpose is live: a new one retires the older ones.
    await tx
      .update(smsCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)));
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await tx
      .insert(smsCodes)
      .values({
        mobile,
        purpose,
        codeHash: hashCode(deps.secret, mobile, purpose, code),
        expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_RULES.ttlSeconds})`,
      })
      .returning({ id: smsCodes.id });
    return { id: (row as { id: number }).id, code };
  });
  try {
    await deps.sms.sendCode({
      mobile,
      code: issued.code,
      purpose,
      ttlMinutes: CAPTCHA_RULES.ttlSeconds / 60,
    });
  } catch {
    await deps.db.delete(smsCodes).where(eq(smsCodes.id, issued.id));
    throw new AppError('smsUnavailable');
  }
  return { ttlSeconds: CAPTCHA_RULES.ttlSeconds };
}

/**
 * Checks and consumes the newest live code of a number and purpose. A wrong guess counts (committed at once,
 * whatever the caller does next); the fifth wrong guess kills the code.
 */
export async function consumeCaptcha(
  deps: { db: Db; secret: string },
  mobile: string,
  purpose: CaptchaPurpose,
  code: string,
): Promise<void> {
  const ok = await deps.db.transaction((tx) => spendCaptcha(tx, deps.secret, mobile, purpose, code));
  if (!ok) throw new AppError('captchaInvalid');
}

/**
 * consumeCaptcha inside the caller's transaction, for a code that guards a change made in the same transaction:
 * answers false for a wrong or dead code, whose counted attempt is kept only if the caller commits (it should
 * commit and refuse afterwards, with captchaInvalid).
 */
export async function spendCaptcha(
  tx: Tx,
  secret: string,
  mobile: string,
  purpose: CaptchaPurpose,
  code: string,
): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.attempts >= CAPTCHA_RULES.maxAttempts) return false;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(secret, mobile, purpose, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await tx
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    return false;
  }
  await tx
    .update(smsCodes)
    .set({ usedAt: sql`now()` })
    .where(eq(smsCodes.id, row.id));
  return true;
}
