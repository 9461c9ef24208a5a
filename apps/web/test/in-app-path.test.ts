import { describe, expect, it } from 'vitest';
import { isInAppPath } from '../src/lib/in-app-path';

describe('isInAppPath', () => {
  it('accepts routes of this app, with their query', () => {
    expect(isInAppPath('/agent/mine-recharge')).toBe(true);
    expect(isInAppPath('/default/ecommerce/cart?x=1')).toBe(true);
  });

  it('refuses other sites, relative paths and nothing', () => {
    for (const path of [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test',
      'agent/Main',
      '',
      null,
      undefined,
    ])
      expect(isInAppPath(path)).toBe(false);
  });
});
