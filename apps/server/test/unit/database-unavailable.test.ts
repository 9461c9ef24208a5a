import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/http/error-handler';

/** Which failures answer 503 with Retry-After (the database away for now) rather than 500 (decision 037). */
const pgError = (code: string, message = 'x') =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it('knows a database that restarts, shuts down or refuses connections, wrapped by Drizzle too', () => {
    expect(
      isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('53300'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves real faults and refusals alone', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('40P01', 'deadlock detected'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
