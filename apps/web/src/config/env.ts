import { z } from 'zod';

/**
 * Build-time configuration (Vite `VITE_*` variables), parsed once. A bad value stops the app at start
 * with a message naming the variable, rather than misbehaving later.
 */
const ZEnv = z.object({
  VITE_API_BASE: z.string().min(1).default('/api/'),
  /** The guided tour of the layouts (SPEC section 3 'Site config': the user-tour flag is on). */
  VITE_ENABLE_USER_TOUR: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * How long the client treats a session as valid after its last successful signed-in call. The server's
   * sessions slide (default 7 days); the login answer carries no expiry, so the client mirrors that default.
   */
  VITE_SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
});

const parsed = ZEnv.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(
    `invalid client configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
  );
}

export const env = {
  apiBase: parsed.data.VITE_API_BASE.endsWith('/')
    ? parsed.data.VITE_API_BASE
    : `${parsed.data.VITE_API_BASE}/`,
  userTourEnabled: parsed.data.VITE_ENABLE_USER_TOUR,
  sessionTtlMs: parsed.data.VITE_SESSION_TTL_HOURS * 3_600_000,
} as const;
