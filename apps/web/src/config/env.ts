/**
 * Build-time configuration (Vite `VITE_*` variables), parsed once, by hand (zod stays off the phone's path, issue
 * 29). A bad value stops the app at start with a message naming the variable, rather than misbehaving later.
 */
export interface ClientEnv {
  /** `VITE_API_BASE` (default `/api/`), always ending with a slash. */
  apiBase: string;
  /** `VITE_ENABLE_USER_TOUR`, 'true' or 'false' (default 'true'): the guided tour of the layouts (SPEC section 3). */
  userTourEnabled: boolean;
  /**
   * `VITE_SESSION_TTL_HOURS` (default 168), in milliseconds: how long the client treats a session as valid after its
   * last successful signed-in call. The server's sessions slide (default 7 days); the login answer carries no expiry,
   * so the client mirrors that default.
   */
  sessionTtlMs: number;
}

/** Reads the variables (`import.meta.env`); throws `invalid client configuration: <variable>: <problem>; ...`. */
export function readEnv(vars: Readonly<Record<string, unknown>>): ClientEnv {
  const problems: string[] = [];

  const apiBase = vars.VITE_API_BASE ?? '/api/';
  if (typeof apiBase !== 'string' || apiBase === '')
    problems.push('VITE_API_BASE: expected a non-empty string');

  const userTour = vars.VITE_ENABLE_USER_TOUR ?? 'true';
  if (userTour !== 'true' && userTour !== 'false')
    problems.push('VITE_ENABLE_USER_TOUR: expected one of "true"|"false"');

  // As `z.coerce.number()` read it: Number(value), finite, and (positive) above 0.
  const ttlHours = vars.VITE_SESSION_TTL_HOURS === undefined ? 168 : Number(vars.VITE_SESSION_TTL_HOURS);
  if (!Number.isFinite(ttlHours) || ttlHours <= 0)
    problems.push('VITE_SESSION_TTL_HOURS: expected a number of hours above 0');

  if (problems.length > 0) throw new Error(`invalid client configuration: ${problems.join('; ')}`);
  const base = apiBase as string;
  return {
    apiBase: base.endsWith('/') ? base : `${base}/`,
    userTourEnabled: userTour === 'true',
    sessionTtlMs: ttlHours * 3_600_000,
  };
}

export const env: Readonly<ClientEnv> = readEnv(import.meta.env);
