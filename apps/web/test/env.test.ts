import { describe, expect, it } from 'vitest';
import { env, readEnv } from '../src/config/env';

describe('the build’s variables (config/env.ts)', () => {
  it('has the defaults without any variable', () => {
    expect(readEnv({})).toEqual({ apiBase: '/api/', userTourEnabled: true, sessionTtlMs: 168 * 3_600_000 });
    expect(env.apiBase.endsWith('/')).toBe(true);
  });

  it('reads the variables as given', () => {
    expect(
      readEnv({
        VITE_API_BASE: 'https://x.example/api',
        VITE_ENABLE_USER_TOUR: 'false',
        VITE_SESSION_TTL_HOURS: '12',
      }),
    ).toEqual({ apiBase: 'https://x.example/api/', userTourEnabled: false, sessionTtlMs: 12 * 3_600_000 });
    expect(readEnv({ VITE_SESSION_TTL_HOURS: '0.5' }).sessionTtlMs).toBe(1_800_000);
  });

  it('stops at start on a bad value, naming each variable', () => {
    expect(() => readEnv({ VITE_API_BASE: '' })).toThrow(/^invalid client configuration: VITE_API_BASE: /);
    expect(() => readEnv({ VITE_ENABLE_USER_TOUR: 'yes' })).toThrow(/VITE_ENABLE_USER_TOUR/);
    for (const hours of ['0', '-1', 'abc', '', 'Infinity'])
      expect(() => readEnv({ VITE_SESSION_TTL_HOURS: hours })).toThrow(/VITE_SESSION_TTL_HOURS/);
    expect(() => readEnv({ VITE_API_BASE: '', VITE_ENABLE_USER_TOUR: '1' })).toThrow(
      /VITE_API_BASE: .*; VITE_ENABLE_USER_TOUR: /,
    );
  });
});
