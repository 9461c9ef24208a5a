import type { OperatorRole, TOperator } from '@promoter/contract';
import { operatorSession } from '../../src/lib/operator-session';

/** An operator of a role as the console's session keeps it (its rights come from the contract, by role). */
export function operatorOf(role: OperatorRole, id = 1): TOperator {
  return {
    id,
    name: `${role}-op`,
    role,
    rights: [],
    twoFactorEnrolled: true,
    mustChangePassword: false,
    disabled: false,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

/** Signs the console in as an operator of the role, for an hour. */
export function signInAs(role: OperatorRole, id = 1): void {
  operatorSession.signIn('op-token', operatorOf(role, id), new Date(Date.now() + 3_600_000).toISOString());
}
