import { describe, expect, it } from 'vitest';
import { readLoginToken } from '../src/features/auth/lib/read-login-token';

describe('readLoginToken', () => {
  it('reads the token from the part of the hash after ?', () => {
    expect(readLoginToken({ search: '', hash: '#/session/login?token=abc123' })).toBe('abc123');
  });

  it('reads the token from the real query string', () => {
    expect(readLoginToken({ search: '?token=xyz', hash: '#/session/login' })).toBe('xyz');
  });

  it('prefers the hash when both carry one', () => {
    expect(readLoginToken({ search: '?token=old', hash: '#/session/login?token=new' })).toBe('new');
  });

  it('accepts the router search (?token=…) as the hash part', () => {
    expect(readLoginToken({ search: '', hash: '?token=t1&x=2' })).toBe('t1');
  });

  it('gives null without a token or with an empty one', () => {
    expect(readLoginToken({ search: '', hash: '#/session/login' })).toBeNull();
    expect(readLoginToken({ search: '?token=', hash: '#/session/login?token=%20' })).toBeNull();
  });
});
