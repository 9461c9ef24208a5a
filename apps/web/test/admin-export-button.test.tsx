// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TOperator } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console's CSV export button (decision 018): it streams the export with the operator's token, shows the rows
 * and bytes received so far, can be cancelled, saves what came as one file, and reads a refusal as every operator
 * call does. The server's stream is a stand-in fed chunk by chunk.
 */
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { notify } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { ExportButton } = await import('../src/features/admin/components/export-button');
const { exportFilename } = await import('../src/api/export-csv');

const FINANCE: TOperator = {
  id: 1,
  name: 'finance',
  role: 'finance',
  rights: [],
  twoFactorEnrolled: true,
  mustChangePassword: false,
  disabled: false,
  createdAt: '2024-01-01T00:00:00.000Z',
};

const encoder = new TextEncoder();

/** A streamed answer the test feeds: `push` a chunk, `end` it, or `fail` the connection. */
function streamedAnswer(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

const CSV_HEADERS = {
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="withdrawals-20240303-101500.csv"; filename*=UTF-8''withdrawals-20240303-101500.csv`,
};

let fetchMock: ReturnType<typeof vi.fn>;
const saved: { blob: Blob; name: string }[] = [];

beforeAll(async () => {
  await setUpI18n();
});

beforeEach(() => {
  operatorSession.signIn('op-token', FINANCE, new Date(Date.now() + 3_600_000).toISOString());
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  saved.length = 0;
  let nextUrl = 0;
  const urls = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${++nextUrl}`;
        urls.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => urls.delete(url),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: urls.get(this.href) as Blob, name: this.download });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Object.values(notify).forEach((fn) => fn.mockReset());
  operatorSession.clear();
});

describe('the export button', { timeout: 60_000 }, () => {
  it('shows the rows and bytes as they come, then saves the file the server named', async () => {
    const user = userEvent.setup();
    const answer = streamedAnswer(CSV_HEADERS);
    fetchMock.mockResolvedValue(answer.response);
    renderScreen(<ExportButton kind="withdrawals" filters={{ status: 'paid', minAmount: '100' }} />);

    await user.click(screen.getByTestId('export-withdrawals'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/export/withdrawals?status=paid&minAmount=100');
    expect(init.headers).toMatchObject({ 'X-Operator-Token': 'op-token', 'X-Lang': 'cn' });
    expect((screen.getByTestId('export-withdrawals') as HTMLButtonElement).disabled).toBe(true);

    const header = '\uFEFF提现编号,金额（元）\r\n';
    answer.push(header);
    answer.push('12,50.00\r\n11,');
    await waitFor(() =>
      expect(screen.getByTestId('export-progress-text').textContent).toBe(
        `已导出 1 行 · ${encoder.encode(`${header}12,50.00\r\n11,`).length} B`,
      ),
    );
    const rest = '20.00\r\n'.concat('10,30.00\r\n'.repeat(1500));
    answer.push(rest);
    const total = encoder.encode(`${header}12,50.00\r\n11,${rest}`).length;
    await waitFor(() =>
      expect(screen.getByTestId('export-progress-text').textContent).toBe(
        `已导出 1,502 行 · ${(total / 1024).toFixed(1)} KB`,
      ),
    );
    answer.end();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('withdrawals-20240303-101500.csv');
    // The bytes as they came: the BOM kept for Excel (Blob.text() would drop it when decoding).
    const bytes = new Uint8Array(await (saved[0]?.blob as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF提现编号')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(1504);
    expect(notify.success).toHaveBeenCalledWith('已导出 1,502 行');
    // The progress goes with the render after the file is saved.
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
    expect((screen.getByTestId('export-withdrawals') as HTMLButtonElement).disabled).toBe(false);
  });

  it('cancels: nothing is saved', async () => {
    const user = userEvent.setup();
    const answer = streamedAnswer(CSV_HEADERS);
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      init.signal?.addEventListener('abort', () => answer.fail());
      return answer.response;
    });
    renderScreen(<ExportButton kind="ledger" filters={{ agentId: 10001 }} />);
    await user.click(screen.getByTestId('export-ledger'));
    answer.push('\uFEFFa\r\n1\r\n');
    await waitFor(() =>
      expect(screen.getByTestId('export-progress-text').textContent).toContain('已导出 1 行'),
    );
    await user.click(screen.getByTestId('export-cancel'));
    await waitFor(() => expect(notify.info).toHaveBeenCalledWith('已取消导出'));
    expect(saved).toEqual([]);
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });

  it('says so when the connection breaks off, and saves nothing', async () => {
    const user = userEvent.setup();
    const answer = streamedAnswer(CSV_HEADERS);
    fetchMock.mockResolvedValue(answer.response);
    renderScreen(<ExportButton kind="orders" filters={{}} />);
    await user.click(screen.getByTestId('export-orders'));
    answer.push('\uFEFFa\r\n1\r\n');
    await waitFor(() => expect(screen.getByTestId('export-progress')).toBeTruthy());
    answer.fail();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('导出中断，请重试'));
    expect(saved).toEqual([]);
  });

  it('reads a refusal as the console does: its message shown, nothing saved', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 10103, msg: '您的角色没有此操作的权限（reports）', data: null }), {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
    renderScreen(<ExportButton kind="agents" filters={{ level: 2 }} />);
    await user.click(screen.getByTestId('export-agents'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('您的角色没有此操作的权限（reports）'));
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([]);
  });

  it('is hidden from a role without the reports right', () => {
    operatorSession.signIn(
      'op-token',
      { ...FINANCE, role: 'support' },
      new Date(Date.now() + 3_600_000).toISOString(),
    );
    renderScreen(<ExportButton kind="withdrawals" filters={{}} />);
    expect(screen.queryByTestId('export-withdrawals')).toBeNull();
  });

  it('names the file as the server says, or by its kind and day', () => {
    expect(
      exportFilename(`attachment; filename="a.csv"; filename*=UTF-8''%E6%8F%90%E7%8E%B0.csv`, 'ledger'),
    ).toBe('提现.csv');
    expect(exportFilename('attachment; filename="ledger-1.csv"', 'ledger')).toBe('ledger-1.csv');
    expect(exportFilename(null, 'orders', new Date('2024-03-03T10:00:00Z'))).toBe('orders-2024-03-03.csv');
  });
});
