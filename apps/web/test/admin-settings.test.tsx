// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EDITABLE_OPTION_KEYS } from '@promoter/contract';
import type { EditableOptionKey, OperatorRole, TOperator, TOptionEntry } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The settings form of the console (decision 018): each field by the contract's rule of its setting, the rules between
 * settings (a level's price never below the level above, retail above level 3, rates falling down the levels), a
 * confirmation that shows each change before -> after, and what a role without the right sees.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { SettingsPage } = await import('../src/features/admin/pages/settings-page');

const VALUES: Record<EditableOptionKey, string> = {
  'price.level1': '0.50',
  'price.level2': '0.60',
  'price.level3': '0.70',
  'price.retail': '1.00',
  'commission.level1': '30',
  'commission.level2': '25',
  'commission.level3': '20',
  'withdraw.min': '100.00',
  'withdraw.feeRate': '0',
  'withdraw.dailyCount': '3',
  'withdraw.reviewThreshold': '5000.00',
  'withdraw.soloDailyPerOperator': '20000.00',
  'withdraw.soloDailyPerAgent': '10000.00',
  'adjust.reviewThreshold': '5000.00',
  'adjust.soloDailyPerOperator': '10000.00',
  'adjust.soloDailyPerTarget': '5000.00',
  'refund.reviewThreshold': '500.00',
  'refund.soloDailyPerOperator': '2000.00',
  'refund.soloDailyPerTarget': '1000.00',
  'withdraw.autoTransfer': 'true',
  'register.open': 'true',
  'register.review': 'false',
  'bind.unbindAllowed': 'true',
  'shop.url': '#/mine/recharge',
  'platform.timezone': 'Asia/Shanghai',
  'theme.brandColor': '',
};

const entries = (values: Record<EditableOptionKey, string>): TOptionEntry[] =>
  EDITABLE_OPTION_KEYS.map((key) => ({ key, value: values[key], isDefault: false, updatedAt: null }));

function signIn(role: OperatorRole) {
  const operator: TOperator = {
    id: 1,
    name: role,
    role,
    rights: [],
    twoFactorEnrolled: true,
    mustChangePassword: false,
    disabled: false,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  operatorSession.signIn('op-token', operator, new Date(Date.now() + 3_600_000).toISOString());
}

const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

beforeAll(async () => {
  await setUpI18n();
});

beforeEach(() => {
  request.mockImplementation(async (name: string) => {
    switch (name) {
      case 'adminOptionsGet':
        return { list: entries(VALUES) };
      case 'adminOptionsHistory':
        return { list: [], total: 0, page: 1, pageSize: 20 };
      case 'adminOptionsUpdate':
        return { list: entries({ ...VALUES, 'price.level2': '0.65' }), changed: ['price.level2'] };
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  operatorSession.clear();
});

async function openAs(role: OperatorRole) {
  signIn(role);
  renderScreen(<SettingsPage />);
  return screen.findByTestId('settings-form');
}

const input = (field: string) => screen.getByTestId(`setting-${field}`);

/** Replaces a field's text at once (typing each key would re-check the whole form at every key). */
async function retype(field: string, value: string) {
  const user = userEvent.setup();
  await user.clear(input(field));
  if (value) {
    await user.click(input(field));
    await user.paste(value);
  }
}

// A form of 16 fields in jsdom on a busy machine: more than the default 5 s.
describe('the settings form', { timeout: 30_000 }, () => {
  it('refuses a level’s price below the level above, and retail below level 3, before sending anything', async () => {
    await openAs('owner');
    await retype('price_level2', '0.45');
    expect(await screen.findByText('黄金推广员的单价不能低于钻石推广员的 0.50')).toBeTruthy();
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);

    await retype('price_level2', '0.60');
    await retype('price_retail', '0.69');
    expect(await screen.findByText('零售价不能低于白银推广员的单价 0.70')).toBeTruthy();
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);
    expect(callsOf('adminOptionsUpdate')).toEqual([]);
  });

  it('refuses rates that rise down the levels', async () => {
    await openAs('owner');
    await retype('commission_level3', '26');
    expect(await screen.findByText('白银推广员的佣金比例不能高于黄金推广员的 25%')).toBeTruthy();
    // Lowering level 1 below level 2 names level 2, whose rate is now above the one above it.
    await retype('commission_level3', '20');
    await retype('commission_level1', '24');
    expect(await screen.findByText('黄金推广员的佣金比例不能高于钻石推广员的 24%')).toBeTruthy();
  });

  it('says what is wrong with a value that breaks its own rule', async () => {
    await openAs('owner');
    await retype('price_level1', '0.555');
    expect(await screen.findByText('请输入大于 0 且不超过 1000 的金额，最多两位小数')).toBeTruthy();
    await retype('price_level1', '');
    expect(await screen.findByText('此项必填')).toBeTruthy();
    await retype('price_level1', '0.50');
    await retype('withdraw_feeRate', '100');
    expect(await screen.findByText('请输入 0 到 100（不含）之间的百分比，最多两位小数')).toBeTruthy();
    await retype('withdraw_feeRate', '0');
    await retype('withdraw_dailyCount', '0');
    expect(await screen.findByText('请输入 1 到 100 之间的整数')).toBeTruthy();
    await retype('withdraw_dailyCount', '3');
    await retype('shop_url', 'javascript:alert(1)');
    expect(await screen.findByText('请输入 http(s) 地址、以 #/ 开头的应用内链接，或留空')).toBeTruthy();
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows each change before -> after, then sends it against the value seen', async () => {
    await openAs('owner');
    await retype('price_level2', '0.65');
    await retype('price_level3', '0.7');
    await waitFor(() => expect(screen.getByTestId('settings-pending').textContent).toBe('1 项修改未保存'));
    await userEvent.setup().click(screen.getByTestId('settings-save'));
    const dialog = await screen.findByRole('dialog');
    // 0.7 is the value it has: no change.
    expect(within(dialog).getByTestId('settings-changes').textContent).toBe('黄金推广员单价: 0.60 → 0.65');
    // A reason first (kept in the audit log with the change, decision 037).
    await userEvent.setup().click(within(dialog).getByTestId('reason-confirm'));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(callsOf('adminOptionsUpdate')).toEqual([]);
    await userEvent.setup().type(within(dialog).getByTestId('reason-text'), '季度调价');
    await userEvent.setup().click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() =>
      expect(callsOf('adminOptionsUpdate')).toEqual([
        { reason: '季度调价', changes: [{ key: 'price.level2', value: '0.65', seen: '0.60' }] },
      ]),
    );
  });

  it('shows a switch’s change as on and off', async () => {
    await openAs('owner');
    fireEvent.click(input('register_open'));
    await userEvent.setup().click(screen.getByTestId('settings-save'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('settings-changes').textContent).toBe('开放自主注册: 开启 → 关闭');
  });

  it('is read-only for a role without the owner’s right', async () => {
    await openAs('finance');
    expect(screen.getByTestId('settings-read-only')).toBeTruthy();
    expect((input('price_level1') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });
});
