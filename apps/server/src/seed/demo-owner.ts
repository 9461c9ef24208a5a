import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { operators } from '../db/schema';
import { createOperator } from '../modules/operators/operator-service';
import { currentTotpCode, decryptTotpSecret, totpUri } from '../modules/operators/totp';

/** The demo platform's owner of the console (decision 018): its credentials are printed at every start. */
export const DEMO_OWNER = { name: 'owner', password: 'demo-owner-1234' } as const;

/** Creates the demo owner once (enrolled, its password kept: a demo has no secrets). */
export async function seedDemoOwner(db: Db, appSecret: string): Promise<void> {
  const [existing] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, DEMO_OWNER.name));
  if (existing) return;
  await createOperator(
    { db, appSecret },
    { name: DEMO_OWNER.name, role: 'owner', password: DEMO_OWNER.password, mustChangePassword: false },
    null,
  );
}

/** The lines `npm start` prints beside the login links: name, password, the TOTP secret and the code of now. */
export async function demoOwnerLines(db: Db, appSecret: string, base: string): Promise<string[]> {
  const [row] = await db.select().from(operators).where(eq(operators.name, DEMO_OWNER.name));
  if (!row) return [];
  const secret = decryptTotpSecret(appSecret, row.totpSecret);
  return [
    `Demo operator console: ${base}/#/admin/login  name + password: ${DEMO_OWNER.name} / ${DEMO_OWNER.password}`,
    `  2FA secret: ${secret} (${totpUri(row.name, secret)}); code right now: ${currentTotpCode(secret)}`,
  ];
}
