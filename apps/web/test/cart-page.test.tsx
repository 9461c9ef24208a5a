// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PURCHASE_QUANTITY_MAX } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** The cart page (SPEC section 3 'Cart item'): quantity limits, line totals and the total, removal asks first. */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');

const { setUpI18n, renderScreen } = await import('./support/render');
const { cart, cartStore } = await import('../src/stores/cart');
const { CartPage } = await import('../src/features/ecommerce/pages/cart-page');

/** The shop's packages today: package 2 costs 4.50 now (it was put in the cart at 5.00). */
const GOODS = [
  { id: 1, name: '100 钻石', price: '50.00', diamonds: 100, image: '' },
  { id: 2, name: '10 钻石', price: '4.50', diamonds: 10, image: '' },
];

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
});

beforeEach(() => {
  cartStore.set({ items: [] });
  cart.add({ objectID: '1', productImg: '', name: '100 钻石', price: '50.00' });
  cart.add({ objectID: '2', productImg: '', name: '10 钻石', price: '5.00' });
  request.mockImplementation(async (name: string) => {
    if (name === 'shopCategories') return { list: [{ id: 1, name: '钻石', goods: GOODS }] };
    if (name === 'buyGoods') throw new Error('not in this test');
    throw new Error(`unexpected call ${name}`);
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  cartStore.set({ items: [] });
});

function line(id: string) {
  return within(screen.getByTestId(`cart-line-${id}`));
}

describe('the cart page', () => {
  it("prices each line at today's price and adds the lines up in fen", async () => {
    renderScreen(<CartPage />);
    await waitFor(() => expect(screen.getByTestId('cart-line-total-2').textContent).toContain('4.50'));
    expect(screen.getByTestId('cart-total').textContent).toBe('¥54.50');

    const user = userEvent.setup();
    await user.click(line('2').getByRole('button', { name: t('cart.increase') }));
    await user.click(line('2').getByRole('button', { name: t('cart.increase') }));
    expect(screen.getByTestId('cart-line-total-2').textContent).toContain('13.50');
    expect(screen.getByTestId('cart-total').textContent).toBe('¥63.50');
  });

  it('keeps the quantity between 1 and the purchase limit', async () => {
    renderScreen(<CartPage />);
    const user = userEvent.setup();
    const decrease = line('1').getByRole('button', { name: t('cart.decrease') });
    const increase = line('1').getByRole('button', { name: t('cart.increase') });
    expect((decrease as HTMLButtonElement).disabled).toBe(true);

    cart.setQuantity('1', PURCHASE_QUANTITY_MAX - 1);
    await user.click(await waitFor(() => increase));
    await waitFor(() => expect((increase as HTMLButtonElement).disabled).toBe(true));
    expect(cartStore.get().items[0]?.quantity).toBe(PURCHASE_QUANTITY_MAX);
    expect((decrease as HTMLButtonElement).disabled).toBe(false);

    await user.click(decrease);
    expect(cartStore.get().items[0]?.quantity).toBe(PURCHASE_QUANTITY_MAX - 1);
  });

  it('asks before removing a line; cancelling keeps it', async () => {
    renderScreen(<CartPage />);
    const user = userEvent.setup();
    await user.click(line('1').getByRole('button', { name: t('cart.remove') }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cartStore.get().items.map((item) => item.id)).toEqual(['1', '2']);

    await user.click(line('1').getByRole('button', { name: t('cart.remove') }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('common.yes') }));
    await waitFor(() => expect(screen.queryByTestId('cart-line-1')).toBeNull());
    expect(cartStore.get().items.map((item) => item.id)).toEqual(['2']);
    expect(request.mock.calls.filter(([name]) => name === 'buyGoods')).toEqual([]);
  });
});
