import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT } from './support/fixtures';
import { SESSION_EXPIRED_MSG } from '@promoter/contract';

const notifyError = vi.fn();
const notifyInfo = vi.fn();
const progressDone = vi.fn();
vi.mock('../src/lib/notify', () => ({
  notify: { error: notifyError, success: vi.fn(), info: notifyInfo, closeAll: vi.fn() },
}));
vi.mock('../src/lib/progress', () => ({ progress: { start: vi.fn(), done: progressDone } }));

const { request, setSessionExpiredHandler, toQueryString } = await import('../src/api/client');
const { ApiError, ContractError, NetworkError } = await import('../src/api/errors');
const { session } = await import('../src/lib/session');

function answer(body: unknown, status = 200) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  notifyError.mockClear();
  progressDone.mockClear();
  session.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('toQueryString', () => {
  it('leaves out undefined values', () => {
    expect(toQueryString({ page: 1, billType: undefined, currency: 2 })).toBe('?page=1&currency=2');
    expect(toQueryString({})).toBe('');
  });
});

describe('request', () => {
  it('sends a read again after a 503 (the database away for a moment), saying it retries (decision 037)', async () => {
    vi.useFakeTimers();
    session.signInAgent('tok-1', AGENT);
    const busy = { code: 0, msg: '服务暂时繁忙，请稍后重试', data: null };
    const fetchMock = vi
      .fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(busy), { status: 503 }))
      .mockImplementationOnce(
        async () => new Response(JSON.stringify(busy), { status: 503, headers: { 'retry-after': '2' } }),
      )
      .mockImplementationOnce(async () => new Response(JSON.stringify({ code: 1, msg: '', data: AGENT })));
    vi.stubGlobal('fetch', fetchMock);
    const answered = request('getUser', {});
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answered).resolves.toEqual(AGENT);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(notifyInfo).toHaveBeenCalledTimes(1);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('does not send again a change without a requestId after a 503: it shows the server’s message', async () => {
    const fetchMock = answer({ code: 0, msg: '服务暂时繁忙，请稍后重试', data: null }, 503);
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('bind', { agentId: 10001 })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('服务暂时繁忙，请稍后重试');
  });

  it('GETs with the query string and the session token, and resolves with the data', async () => {
    session.signInAgent('tok-1', AGENT);
    const fetchMock = answer({ code: 1, msg: '', data: AGENT });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('getUser', {})).resolves.toEqual(AGENT);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/agent/user/getUser');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>)['XX-Token']).toBe('tok-1');
  });

  it('asks for the server’s messages in the language chosen in the app (X-Lang)', async () => {
    const { i18n, initI18n } = await import('../src/i18n');
    await initI18n('cn');
    const fetchMock = answer({ code: 1, msg: '', data: AGENT });
    vi.stubGlobal('fetch', fetchMock);
    // Only the language is under test: the translations themselves are not needed here.
    i18n.language = 'en';
    await request('getUser', {});
    i18n.language = 'cn';
    await request('getUser', {});
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['X-Lang']);
    expect(sent).toEqual(['en', 'cn']);
  });

  it('sends GET input as a query, as given: the defaults are the server’s (decision 047)', async () => {
    const fetchMock = answer({
      code: 1,
      msg: '',
      data: { list: [], total: 0, totalIsLowerBound: false, page: 2, pageSize: 20, nextCursor: null },
    });
    vi.stubGlobal('fetch', fetchMock);
    await request('bill', { currency: 2, page: 2 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/agent/user/bill?currency=2&page=2');
  });

  it('POSTs JSON and sends the uid header on shop calls', async () => {
    session.signInAgent('tok-2', AGENT);
    const fetchMock = answer({ code: 1, msg: '', data: { list: [] } });
    vi.stubGlobal('fetch', fetchMock);
    await request('shopCategories', {});
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = init?.headers as Record<string, string>;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.uid).toBe('500001');
  });

  it('on code 0 stops the progress bar, toasts the message and rejects', async () => {
    vi.stubGlobal('fetch', answer({ code: 0, msg: '余额不足', data: null }));
    const error = await request('getOptionsByKey', { key: 'shop.url' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).code).toBe(0);
    expect(notifyError).toHaveBeenCalledWith('余额不足');
    expect(progressDone).toHaveBeenCalled();
  });

  it('on code 0 with quietRefusal rejects without a toast (a lookup that may miss)', async () => {
    vi.stubGlobal('fetch', answer({ code: 0, msg: '记录不存在', data: null }));
    const error = await request('billDetail', { id: '10003' }, { quietRefusal: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(notifyError).not.toHaveBeenCalled();
    expect(progressDone).toHaveBeenCalled();
  });

  it('passes 1001 and 1002 to the caller without a toast', async () => {
    vi.stubGlobal('fetch', answer({ code: 1002, msg: '账号已冻结', data: null }));
    const error = await request('tokenLogin', { token: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).code).toBe(1002);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('on 10001 clears the session and goes back to login', async () => {
    session.signInAgent('tok-3', AGENT);
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal('fetch', answer({ code: 10001, msg: SESSION_EXPIRED_MSG, data: null }));
    await expect(request('getUser', {})).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBeNull();
    expect(session.get().user).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
  });

  it('treats the session-expired message as expiry whatever the code', async () => {
    session.signInAgent('tok-4', AGENT);
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal('fetch', answer({ code: 0, msg: SESSION_EXPIRED_MSG, data: null }));
    await expect(request('getUser', {})).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
  });

  it('rejects a network failure with a NetworkError and no toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('tokenLogin', { token: 't' })).rejects.toBeInstanceOf(NetworkError);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('times out after 10 000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = request('getUser', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as InstanceType<typeof NetworkError>).timedOut).toBe(true);
  });

  it('trusts an agent call’s data as the server sent it: the server encodes every answer through the contract', async () => {
    // Not a shape the server can send (its serializer answers 500 instead): the client no longer checks it again.
    const sent = { ...AGENT, balance: 128.5 };
    vi.stubGlobal('fetch', answer({ code: 1, msg: '', data: sent }));
    await expect(request('getUser', {})).resolves.toEqual(sent);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('still parses a console call’s data (the console’s chunk has its schemas): a mismatch toasts and rejects', async () => {
    vi.stubGlobal('fetch', answer({ code: 1, msg: '', data: { unexpected: true } }));
    await expect(request('adminLogout', {})).rejects.toBeInstanceOf(ContractError);
    expect(notifyError).toHaveBeenCalledWith(expect.any(String));
    expect(progressDone).toHaveBeenCalled();
  });

  it('rejects what is no envelope (a proxy’s page, a code that is no number) with a NetworkError and no toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502 Bad Gateway</html>', { status: 502 })),
    );
    await expect(request('getUser', {})).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal('fetch', answer({ code: '1', msg: '', data: AGENT }));
    await expect(request('getUser', {})).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal('fetch', answer({ code: 1, data: AGENT }));
    await expect(request('getUser', {})).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal('fetch', answer([1, '', AGENT]));
    await expect(request('getUser', {})).rejects.toBeInstanceOf(NetworkError);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('reads the code of the envelope, not its data: a refusal carrying data is still a refusal', async () => {
    vi.stubGlobal('fetch', answer({ code: 0, msg: '余额不足', data: AGENT }));
    const error = await request('getUser', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith('余额不足');
  });

  it('slides the session expiry on a signed-in success', async () => {
    session.signInAgent('tok-5', AGENT);
    const before = session.get().expiresAt ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 5));
    vi.stubGlobal('fetch', answer({ code: 1, msg: '', data: AGENT }));
    await request('getUser', {});
    expect(session.get().expiresAt ?? 0).toBeGreaterThan(before);
  });
});
