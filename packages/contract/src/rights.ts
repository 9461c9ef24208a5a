/**
 * Operators run the platform from the console (decision 018). Each role holds a set of rights; every admin
 * call of the contract names the one right it needs, the server checks it on every call, and the console hides what
 * the role cannot do.
 *
 * The roles, the rights and what each role holds, without zod: the web's session store reads them without building
 * a schema (issue 29). The schemas built from them (ZOperatorRole, ZOperatorRight, ZOperator) are in `operators.ts`.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_RIGHTS = [
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
  /** The agents' articles and announcements (decision 018: no longer agents.manage's). */
  'content.manage',
  'operators.manage',
  'audit.read',
  /**
   * The game's deliveries (decision 040): retry events, pause and resume the endpoint, send a test event. Reading
   * them is `read`; rotating the signing secret is the owner's (`operators.manage`, with a fresh code).
   */
  'game.manage',
  /** Refund a paid or held order, and approve or reject another operator's refund (decision 043). */
  'refunds',
  /** The daily reconciliation with the provider's bill: run it again, resolve its mismatches (decision 043). */
  'reconcile',
] as const;
export type OperatorRight = (typeof OPERATOR_RIGHTS)[number];

export const ROLE_RIGHTS: Record<OperatorRole, readonly OperatorRight[]> = {
  owner: OPERATOR_RIGHTS,
  finance: [
    'self',
    'read',
    'withdrawals.review',
    'withdrawals.pay',
    'adjustments',
    'reports',
    'game.manage',
    'refunds',
    'reconcile',
  ],
  support: ['self', 'read', 'agents.manage', 'content.manage'],
  viewer: ['self', 'read'],
};

export const hasRight = (role: OperatorRole, right: OperatorRight): boolean =>
  ROLE_RIGHTS[role].includes(right);

/** The header that carries an operator's session token (never the agent's XX-Token). */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';
