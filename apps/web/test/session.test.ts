import { describe, expect, it } from 'vitest';
import { isAuthenticated, session } from '../src/lib/session';
import { PLAYER } from './support/fixtures';

describe('session', () => {
  it('is authenticated only with a token and before the expiry', () => {
    const now = 1_000_000;
    expect(isAuthenticated({ token: 't', expiresAt: now + 1 }, now)).toBe(true);
    expect(isAuthenticated({ token: 't', expiresAt: now }, now)).toBe(false);
    expect(isAuthenticated({ token: null, expiresAt: now + 1 }, now)).toBe(false);
    expect(isAuthenticated({ token: 't', expiresAt: null }, now)).toBe(false);
  });

  it('keeps the player for a non-agent login and drops it for an agent', () => {
    session.signInPlayer('p-token', PLAYER);
    expect(session.get().player?.playerId).toBe(7);
    expect(session.playerId()).toBe(7);
    expect(isAuthenticated(session.get())).toBe(true);
    session.clear();
    expect(session.get().token).toBeNull();
    expect(session.get().player).toBeNull();
    expect(isAuthenticated(session.get())).toBe(false);
  });
});
