// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isAuthenticated, session, sessionStore, useIsAuthenticated } from '../src/lib/session';
import { AGENT, PLAYER } from './support/fixtures';

afterEach(() => {
  cleanup();
  session.clear();
});

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

  // Decision 029: every signed-in answer moves the expiry; the header must not render again for it.
  it('renders a signed-in reader again when it signs in or out, not when an answer moves the expiry', () => {
    let renders = 0;
    function Reader() {
      renders += 1;
      return <span>{useIsAuthenticated() ? 'in' : 'out'}</span>;
    }
    const view = render(<Reader />);
    expect(view.container.textContent).toBe('out');
    act(() => session.signInAgent('a-token', AGENT));
    expect(view.container.textContent).toBe('in');
    const afterSignIn = renders;
    act(() => {
      session.touch();
      session.touch();
    });
    expect(renders).toBe(afterSignIn);
    act(() => session.clear());
    expect(view.container.textContent).toBe('out');
  });

  it('leaves the store as it is when getUser answers the agent it keeps, and takes a changed one', () => {
    session.signInAgent('a-token', AGENT);
    const kept = session.get().user;
    let writes = 0;
    const stop = sessionStore.subscribe(() => (writes += 1));
    session.setUser({ ...AGENT });
    expect(writes).toBe(0);
    expect(session.get().user).toBe(kept);

    session.setUser({ ...AGENT, diamonds: AGENT.diamonds + 1 });
    expect(writes).toBe(1);
    expect(session.get().user?.diamonds).toBe(AGENT.diamonds + 1);

    // A session restored from storage holds the agent but not its parent (kept in memory only): the answer sets it.
    sessionStore.set({ parentId: null });
    session.setUser({ ...AGENT, diamonds: AGENT.diamonds + 1, parentId: 10001 });
    expect(session.get().parentId).toBe(10001);
    stop();
  });
});
