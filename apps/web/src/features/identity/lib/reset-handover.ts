/**
 * The forgot-password page hands the mobile it has just sent a code to, and when, to the reset page through
 * the router's state (the reset route takes no query), so the mobile is filled in and the resend waits on.
 */
export interface ResetHandover {
  mobile: string;
  sentAt: number;
}

export function readResetHandover(state: unknown): ResetHandover | null {
  if (!state || typeof state !== 'object') return null;
  const { mobile, sentAt } = state as Partial<Record<keyof ResetHandover, unknown>>;
  return typeof mobile === 'string' && typeof sentAt === 'number' ? { mobile, sentAt } : null;
}
