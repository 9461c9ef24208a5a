import { z } from 'zod';
import { ZIsoDate } from './common';
import { OPERATOR_RIGHTS, OPERATOR_ROLES } from './rights';

/**
 * The operators' schemas (decision 018), built from the roles and rights of `rights.ts` (which also holds
 * ROLE_RIGHTS, hasRight and the session token's header).
 */
export const ZOperatorRole = z.enum(OPERATOR_ROLES);

export const ZOperatorRight = z.enum(OPERATOR_RIGHTS);

/** An operator as the console shows it (its session's, the operators' list); the web's session store keeps it. */
export const ZOperator = z.object({
  id: z.number().int(),
  name: z.string(),
  role: ZOperatorRole,
  rights: z.array(ZOperatorRight),
  twoFactorEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  disabled: z.boolean(),
  createdAt: ZIsoDate,
});
export type TOperator = z.infer<typeof ZOperator>;
