import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, issueText } from '../../src/http/error-handler';
import { type MessageKey, translate } from '../../src/i18n/messages';

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

describe('issueText', () => {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate('cn', key, params);
  const issue = (keyword: string, params: Record<string, unknown>, message = 'an English message') => ({
    keyword,
    message,
    params,
  });

  it('says what is wrong with a field in the reader’s language, with its bound (decision 037)', () => {
    expect(issueText(issue('too_small', { origin: 'string', minimum: 10 }), 'cn', t)).toBe('至少 10 个字符');
    expect(issueText(issue('too_small', { origin: 'string', minimum: 1 }), 'cn', t)).toBe('必填');
    expect(issueText(issue('too_big', { origin: 'string', maximum: 500 }), 'cn', t)).toBe('最多 500 个字符');
    expect(issueText(issue('too_small', { origin: 'number', minimum: 1 }), 'cn', t)).toBe('不能小于 1');
    expect(issueText(issue('too_big', { origin: 'array', maximum: 200 }), 'cn', t)).toBe('最多 200 项');
    expect(
      issueText(
        issue('invalid_type', { expected: 'string' }, 'Invalid input: expected string, received undefined'),
        'cn',
        t,
      ),
    ).toBe('必填');
    expect(issueText(issue('invalid_format', { format: 'regex' }, 'id must be digits'), 'cn', t)).toBe(
      '格式不正确',
    );
  });

  it('keeps the contract’s own English message for an English reader', () => {
    expect(issueText(issue('invalid_format', {}, 'id must be digits'), 'en', t)).toBe('id must be digits');
  });
});
