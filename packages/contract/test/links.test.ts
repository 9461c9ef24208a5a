import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withQuery } from '../src/links';

describe('client links', () => {
  it('writes a query as URLSearchParams does, plain words as they are, empty values left out', () => {
    expect(withQuery('/session/sign-up', { from: 10001 })).toBe('/session/sign-up?from=10001');
    expect(withQuery('/p', { a: 'x y', b: "it's!", c: '', d: undefined })).toBe('/p?a=x+y&b=it%27s%21');
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), fc.oneof(fc.string({ minLength: 1 }), fc.integer())),
        (query) => {
          const expected = new URLSearchParams(
            Object.entries(query).map(([k, v]) => [k, String(v)]),
          ).toString();
          expect(withQuery('/p', query)).toBe(expected ? `/p?${expected}` : '/p');
        },
      ),
    );
  });
});
