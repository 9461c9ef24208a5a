import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { operators } from '../db/schema';
import { createOperator } from '../modules/operators/operator-service';
import { currentTotpCode, decryptTotpSecret, totpUri } from '../modules/operators/totp';

/**
 * The demo platform's owner of the console (decisions 018 and 037). On the embedded demo its password is published
 * and its credentials are printed at every start: a demo on a person's own machine has no secrets. Seeded on a
 * deployment (SEED_DEMO with ALLOW_DEMO_SEED on DATABASE_URL) it is a real account: a one-time password changed at
 * its first sign-in and its authenticator enrolment, printed once, when it is created, never again.
 */
export const DEMO_OWNER = { name: 'owner', password: 'demo-owner-1234' } as const;

export type DemoOwnerMode = 'demo' | 'deployment';

/** Creates the demo owner once; answers the lines to print once (a deployment's one-time credentials), or none. */
export async function seedDemoOwner(db: Db, appSecret: string, mode: DemoOwnerMode): Promise<string[]> {
  const [existing] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, DEMO_OWNER.name));
  if (existing) return [];
  if (mode === 'demo') {
    await createOperator(
      { db, appSecret },
      { name: DEMO_OWNER.name, role: 'owner', password: DEMO_OWNER.password, mustChangePassword: false },
      null,
    );
    return [];
  }
  const created = await createOperator({ db, appSecret }, { name: DEMO_OWNER.name, role: 'owner' }, null);
  return [
    `Operator ${created.operator.name} (owner) created. Shown once, never printed again:`,
    `  one-time password (changed at the first sign-in): ${created.password}`,
    `  2FA enrolment: ${created.otpauthUri}`,
  ];
}

/** The lines `npm start` prints beside the login links. */
export async function demoOwnerLines(
  db: Db,
  appSecret: string,
  base: string,
  mode: DemoOwnerMode,
): Promise<string[]> {
  const [row] = await db.select().from(operators).where(eq(operators.name, DEMO_OWNER.name));
  if (!row) return [];
  if (mode === 'deployment')
    return [
      `Operator console: ${base}/#/admin/login (the owner's credentials were printed once, at its creation)`,
    ];
  const secret = decryptTotpSecret(appSecret, row.totpSecret);
  return [
    `Demo operator console: ${base}/#/admin/login  name + password: ${DEMO_OWNER.name} / ${DEMO_OWNER.password}`,
    `  2FA secret: ${secret} (${totpUri(row.name, secret)}); code right now: ${currentTotpCode(secret)}`,
  ];
}
