import { z } from 'zod';

/**
 * Operators run the platform from the console (issue 11, decision 018). Each role holds a set of rights; every admin
 * call of the contract names the one right it needs, the server checks it on every call, and the console hides what
 * the role cannot do.
 */
export const ZOperatorRole = z.enum(['owner', 'finance', 'support', 'viewer']);
export type OperatorRole = z.infer<typeof ZOperatorRole>;

export const ZOperatorRight = z.enum([
  /** The operator's own session and password: every operator. */
  'self',
  /** Every read of the console (lists, details). */
  'read',
  /** Approve or reject a pending withdrawal. */
  'withdrawals.review',
  /** Mark an approved withdrawal paid, or failed (refunded). */
  'withdrawals.pay',
  'adjustments',
  'reports',
  /** Agents and players: freeze, reset password, ... */
  'agents.manage',
  'operators.manage',
  'audit.read',
]);
export type OperatorRight = z.infer<typeof ZOperatorRight>;

export const ROLE_RIGHTS: Record<OperatorRole, readonly OperatorRight[]> = {
  owner: ZOperatorRight.options,
  finance: ['self', 'read', 'withdrawals.review', 'withdrawals.pay', 'adjustments', 'reports'],
  support: ['self', 'read', 'agents.manage'],
  viewer: ['self', 'read'],
};

export const hasRight = (role: OperatorRole, right: OperatorRight): boolean =>
  ROLE_RIGHTS[role].includes(right);

/** The header that carries an operator's session token (never the agent's XX-Token). */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';
