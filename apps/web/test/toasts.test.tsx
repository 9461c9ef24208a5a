// @vitest-environment jsdom
// Toasts on demand (decision 047): the toaster is fetched with the first toast, not with the first
// screen, and a toast raised before they have arrived still shows.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** How often the toaster's script was fetched (its module evaluated). */
const fetched = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/components/ui/toaster', async (importOriginal) => {
  fetched.count += 1;
  return importOriginal();
});

const { notify } = await import('../src/lib/notify');
const { ToastHost } = await import('../src/components/ui/toast-host');

afterAll(cleanup);

describe('toasts, fetched with the first one', () => {
  it('fetches nothing while no toast is raised', async () => {
    render(<ToastHost />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetched.count).toBe(0);
    expect(document.querySelector('[data-testid="toasts"]')).toBeNull();
  });

  it('shows the toasts raised before its script arrived, then the later ones', async () => {
    act(() => {
      notify.error('第一条：余额不足');
      notify.success('第二条：已保存');
    });
    // Raised before the toaster's script has even been evaluated: they wait, and show once it has mounted.
    expect(screen.queryByText('第一条：余额不足')).toBeNull();
    await screen.findByText('第一条：余额不足');
    await screen.findByText('第二条：已保存');
    expect(fetched.count).toBe(1);

    act(() => notify.info('第三条：正在重试'));
    await screen.findByText('第三条：正在重试');
    expect(fetched.count).toBe(1);
  });

  it('does not show the same error twice while it is on screen', async () => {
    act(() => notify.error('第一条：余额不足'));
    await waitFor(() => expect(screen.getAllByText('第一条：余额不足')).toHaveLength(1));
  });

  it('closes every toast on closeAll', async () => {
    act(() => notify.closeAll());
    await waitFor(() => expect(screen.queryByText('第三条：正在重试')).toBeNull(), { timeout: 5_000 });
  });
});

describe('the queue before the toaster', () => {
  it('hands the waiting toasts over in the order they were raised, once, and the later ones as they come', async () => {
    vi.resetModules();
    const fresh = await import('../src/lib/notify');
    const shown: string[] = [];
    const onDemand = vi.fn();
    fresh.subscribeToastDemand(onDemand);
    fresh.notify.error('a');
    fresh.notify.info('b');
    fresh.notify.success('c');
    expect(fresh.toastDemand()).toBe(3);
    expect(onDemand).toHaveBeenCalledTimes(3);
    const detach = fresh.attachToaster({
      show: (toast) => shown.push(`${toast.variant}:${toast.message}`),
      closeAll: () => shown.push('closed'),
    });
    expect(shown).toEqual(['error:a', 'info:b', 'success:c']);
    fresh.notify.error('d');
    expect(shown).toEqual(['error:a', 'info:b', 'success:c', 'error:d']);
    expect(onDemand).toHaveBeenCalledTimes(3);
    detach();
    // Detached (the app unmounted), a toast waits again, and closeAll drops what waits.
    fresh.notify.info('e');
    fresh.notify.closeAll();
    fresh.attachToaster({ show: (toast) => shown.push(toast.message), closeAll: () => undefined });
    expect(shown).toEqual(['error:a', 'info:b', 'success:c', 'error:d']);
  });
});
