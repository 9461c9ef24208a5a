import { describe, expect, it } from 'vitest';
import { ApiError, ContractError, NetworkError } from '../src/api/errors';

/** Decision 021: a read that hung is reported at the client's 10 s time-out, not retried into a second wait (21 s). */
const { retryRead } = await import('../src/api/query-client');

describe('which failed reads are tried again', () => {
  it('tries a quick network failure once more, and only once', () => {
    const failed = new NetworkError('Failed to fetch');
    expect(retryRead(0, failed)).toBe(true);
    expect(retryRead(1, failed)).toBe(false);
  });

  it('does not try a time-out again: the page says so after 10 s', () => {
    expect(retryRead(0, new NetworkError('aborted', true))).toBe(false);
  });

  it('does not ask again what the server answered', () => {
    expect(retryRead(0, new ApiError(0, '余额不足'))).toBe(false);
    expect(retryRead(0, new ApiError(10001, '登录已失效，请重新登录'))).toBe(false);
  });

  it('tries an unreadable answer once more', () => {
    expect(retryRead(0, new ContractError('getUser: bad'))).toBe(true);
    expect(retryRead(1, new ContractError('getUser: bad'))).toBe(false);
  });
});
