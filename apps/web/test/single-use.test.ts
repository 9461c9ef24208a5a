import { describe, expect, it, vi } from 'vitest';
import { singleUseAttempts } from '../src/lib/single-use';

describe('singleUseAttempts', () => {
  it('starts one attempt per key and hands every caller its answer', async () => {
    const attempts = singleUseAttempts<string>();
    const start = vi.fn(async () => 'signed-in');
    const [a, b] = await Promise.all([attempts.run('ticket', start), attempts.run('ticket', start)]);
    expect([a, b]).toEqual(['signed-in', 'signed-in']);
    expect(start).toHaveBeenCalledTimes(1);
    await attempts.run('other', start);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('starts again once a key is forgotten (a retry after a network failure)', async () => {
    const attempts = singleUseAttempts<number>();
    let calls = 0;
    const start = async () => ++calls;
    expect(await attempts.run('code', start)).toBe(1);
    expect(await attempts.run('code', start)).toBe(1);
    attempts.forget('code');
    expect(await attempts.run('code', start)).toBe(2);
  });
});
