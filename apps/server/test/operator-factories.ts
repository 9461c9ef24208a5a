import type { OperatorRole } from '@promoter/contract';
import type { Db } from '../src/db/client';
import { operators } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password-service';
import { createOperatorSession } from '../src/modules/operators/operator-session-service';
import { currentTotpCode, encryptTotpSecret, newTotpSecret } from '../src/modules/operators/totp';

/** The APP_SECRET of test/helper.ts build(): the key the TOTP secrets are sealed with. */
export const TEST_APP_SECRET = 'test-app-secret-0123456789';
export const OPERATOR_PASSWORD = 'operator-pass-123';

let next = 0;
// One hash for every test operator: argon2id is slow on purpose.
let hashed: Promise<string> | undefined;

export interface TestOperator {
  id: number;
  name: string;
  role: OperatorRole;
  secret: string;
  code(): string;
}

/** An operator ready to work (enrolled, its password changed), written straight to the database. */
export async function createTestOperator(
  db: Db,
  role: OperatorRole,
  values: { name?: string; mustChangePassword?: boolean; disabled?: boolean } = {},
): Promise<TestOperator> {
  hashed ??= hashPassword(OPERATOR_PASSWORD);
  const secret = newTotpSecret();
  const name = values.name ?? `${role}-${process.pid}-${++next}`;
  const [row] = await db
    .insert(operators)
    .values({
      name,
      role,
      passwordHash: await hashed,
      totpSecret: encryptTotpSecret(TEST_APP_SECRET, secret),
      twoFactorEnrolled: true,
      mustChangePassword: values.mustChangePassword ?? false,
      disabled: values.disabled ?? false,
    })
    .returning({ id: operators.id });
  return { id: (row as { id: number }).id, name, role, secret, code: () => currentTotpCode(secret) };
}

/** A session of the operator, as a sign-in would open (without spending a TOTP step). */
export async function operatorToken(db: Db, operatorId: number): Promise<string> {
  return (await createOperatorSession(db, operatorId, '127.0.0.1')).token;
}

export const asOperator = (token: string) => ({ headers: { 'x-operator-token': token } });
