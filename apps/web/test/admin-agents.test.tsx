// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls } from '@promoter/contract';
import type { OperatorRole, TAdjustment, TAdminAgent, TOperator } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console's agents and adjustments (decision 018): what each role sees of an agent's actions, the dialogs' checks
 * before anything is sent (the contract's rules: level, amount, reason), the move's preview before its confirmation,
 * one requestId per attempt, and the two-person rule on the adjustments list.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { AgentActions } = await import('../src/features/admin/components/agent-actions');
const { ChangeLevelDialog } = await import('../src/features/admin/components/change-level-dialog');
const { AdjustDialog } = await import('../src/features/admin/components/adjust-dialog');
const { MoveAgentDialog } = await import('../src/features/admin/components/move-agent-dialog');
const { AdjustmentsPage } = await import('../src/features/admin/pages/adjustments-page');

function signInAs(role: OperatorRole, id = 1) {
  const operator: TOperator = {
    id,
    name: `${role}-op`,
    role,
    rights: [],
    twoFactorEnrolled: true,
    mustChangePassword: false,
    disabled: false,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  operatorSession.signIn('op-token', operator, new Date(Date.now() + 3_600_000).toISOString());
}

const AGENT: TAdminAgent = {
  agentId: 10002,
  playerId: 500002,
  nickname: '王总',
  avatar: '',
  mobile: '13800000000',
  level: 2,
  status: 'active',
  parentId: 10001,
  balance: '100.00',
  diamonds: 50,
  childrenCount: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
};

function adjustment(id: string, createdBy: number, extra: Partial<TAdjustment> = {}): TAdjustment {
  return {
    id,
    ownerType: 'agent',
    ownerId: 10002,
    currency: 'balance',
    direction: 'credit',
    amount: '6000.00',
    reason: '活动奖励',
    status: 'pending',
    approvalsNeeded: 2,
    reviewReason: 'amount',
    notice: null,
    createdBy: { id: createdBy, name: `op-${createdBy}` },
    decidedBy: null,
    rejectReason: null,
    before: null,
    after: null,
    createdAt: '2024-01-01T08:00:00.000Z',
    decidedAt: null,
    ...extra,
  };
}

// MUI's dialogs and selects take a while in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  await setUpI18n();
});

beforeEach(() => signInAs('owner'));

afterEach(() => {
  cleanup();
  request.mockReset();
  operatorSession.clear();
});

describe('an agent’s actions follow the operator’s rights', () => {
  const shown = () =>
    screen
      .queryAllByRole('button')
      .map((button) => button.getAttribute('data-testid'))
      .filter(Boolean);

  it('support manages the agent but adjusts no money; finance adjusts only; a viewer sees nothing', () => {
    signInAs('support');
    const { unmount } = renderScreen(<AgentActions agent={AGENT} parentLevel={1} />);
    expect(shown()).toEqual([
      'agent-freeze',
      'agent-changeLevel',
      'agent-move',
      'agent-resetPassword',
      'agent-revokeSessions',
    ]);
    unmount();

    signInAs('finance');
    const finance = renderScreen(<AgentActions agent={AGENT} parentLevel={1} />);
    expect(shown()).toEqual(['agent-adjust']);
    finance.unmount();

    signInAs('viewer');
    renderScreen(<AgentActions agent={AGENT} parentLevel={1} />);
    expect(screen.queryByTestId('agent-actions')).toBeNull();
  });

  it('offers unfreeze, not freeze, to a frozen agent', () => {
    renderScreen(<AgentActions agent={{ ...AGENT, status: 'frozen' }} parentLevel={1} />);
    expect(screen.getByTestId('agent-unfreeze')).toBeTruthy();
    expect(screen.queryByTestId('agent-freeze')).toBeNull();
  });

  it('offers approve and refuse, not freeze, to a registration under review; nothing to a refused one', async () => {
    const user = userEvent.setup();
    request.mockResolvedValue({ ...AGENT, status: 'refused' });
    const pending = renderScreen(<AgentActions agent={{ ...AGENT, status: 'pending' }} parentLevel={1} />);
    expect(screen.getByTestId('agent-approve')).toBeTruthy();
    expect(screen.queryByTestId('agent-freeze')).toBeNull();
    await user.click(screen.getByTestId('agent-refuse'));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.type(within(dialog).getByTestId('reason-text'), '资料不符');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() =>
      expect(callsOf('adminAgentReviewRegistration')).toEqual([
        { agentId: AGENT.agentId, reason: '资料不符', approve: false },
      ]),
    );
    pending.unmount();
    renderScreen(<AgentActions agent={{ ...AGENT, status: 'refused' }} parentLevel={1} />);
    expect(screen.queryByTestId('agent-approve')).toBeNull();
    expect(screen.queryByTestId('agent-freeze')).toBeNull();
    expect(screen.queryByTestId('agent-unfreeze')).toBeNull();
  });

  it('freezes only with a reason, sent as typed', async () => {
    const user = userEvent.setup();
    request.mockResolvedValue({ ...AGENT, status: 'frozen' });
    renderScreen(<AgentActions agent={AGENT} parentLevel={1} />);
    await user.click(screen.getByTestId('agent-freeze'));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    await user.type(within(dialog).getByTestId('reason-text'), '   ');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();

    await user.type(within(dialog).getByTestId('reason-text'), ' 涉嫌刷单 ');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() =>
      expect(callsOf('adminAgentFreeze')).toEqual([{ agentId: AGENT.agentId, reason: '涉嫌刷单' }]),
    );
  });

  it('removes the password with a reason and a notice: no password is ever shown (decision 037)', async () => {
    const user = userEvent.setup();
    request.mockResolvedValue(
      calls.adminAgentResetPassword.data.parse({ agentId: AGENT.agentId, revokedSessions: 2 }),
    );
    renderScreen(<AgentActions agent={AGENT} parentLevel={1} />);
    await user.click(screen.getByTestId('agent-resetPassword'));
    const dialog = await screen.findByTestId('reset-password-dialog');
    expect(dialog.textContent).toContain('任何人都看不到新密码');
    await user.click(screen.getByTestId('reason-confirm'));
    expect(await screen.findByText('请填写原因')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('reason-text'), '代理来电：密码泄露');
    await user.type(screen.getByTestId('reason-notice'), '请从游戏内重新登录');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() =>
      expect(callsOf('adminAgentResetPassword')).toEqual([
        { agentId: AGENT.agentId, reason: '代理来电：密码泄露', notice: '请从游戏内重新登录' },
      ]),
    );
    expect(screen.queryByTestId('one-time-password-value')).toBeNull();
  });
});

describe('the change of level', () => {
  async function choose(user: ReturnType<typeof userEvent.setup>, level: number) {
    await user.click(screen.getByRole('combobox', { name: '新等级' }));
    await user.click(await screen.findByTestId(`change-level-${level}`));
  }

  it('refuses the same level, one not above the parent’s, and no reason, before sending anything', async () => {
    const user = userEvent.setup();
    renderScreen(<ChangeLevelDialog open agent={AGENT} parentLevel={1} onClose={() => undefined} />);
    await user.click(screen.getByTestId('change-level-submit'));
    expect(await screen.findByText('请选择新等级')).toBeTruthy();
    expect(screen.getByText('请填写原因')).toBeTruthy();

    await choose(user, 2);
    await user.type(screen.getByTestId('change-level-reason'), '业绩达标');
    await user.click(screen.getByTestId('change-level-submit'));
    expect(await screen.findByText('新等级与当前等级相同')).toBeTruthy();

    await choose(user, 1);
    await user.click(screen.getByTestId('change-level-submit'));
    expect(await screen.findByText('等级必须大于上级的等级（1 级）')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('sends the level the page saw as the expected one (a compare-and-set)', async () => {
    const user = userEvent.setup();
    request.mockResolvedValue({ agent: { ...AGENT, level: 3 }, pricesCleared: [] });
    const onClose = vi.fn();
    renderScreen(<ChangeLevelDialog open agent={AGENT} parentLevel={1} onClose={onClose} />);
    await choose(user, 3);
    await user.type(screen.getByTestId('change-level-reason'), '降级处理');
    await user.click(screen.getByTestId('change-level-submit'));
    await waitFor(() =>
      expect(callsOf('adminAgentChangeLevel')).toEqual([
        { agentId: AGENT.agentId, level: 3, expectedLevel: 2, reason: '降级处理' },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('the manual adjustment', () => {
  const owner = {
    ownerType: 'agent' as const,
    ownerId: AGENT.agentId,
    label: '王总 (#10002)',
    current: { balance: '10000.00', diamonds: 50 },
  };

  async function pick(user: ReturnType<typeof userEvent.setup>, label: string, testId: string) {
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.click(await screen.findByTestId(testId));
  }

  it('checks the amount by the call’s own rule: money with two decimals, whole diamonds, above zero', async () => {
    const user = userEvent.setup();
    renderScreen(<AdjustDialog open owner={owner} onClose={() => undefined} />);
    await user.type(screen.getByTestId('adjust-reason'), '客服补偿');
    await user.type(screen.getByTestId('adjust-amount'), '12.345');
    await user.click(screen.getByTestId('adjust-submit'));
    expect(await screen.findByText('请输入大于 0 的金额，最多两位小数')).toBeTruthy();

    await user.clear(screen.getByTestId('adjust-amount'));
    await user.type(screen.getByTestId('adjust-amount'), '0.00');
    await user.click(screen.getByTestId('adjust-submit'));
    expect(await screen.findByText('请输入大于 0 的金额，最多两位小数')).toBeTruthy();

    await pick(user, '账户', 'adjust-currency-diamonds');
    await user.clear(screen.getByTestId('adjust-amount'));
    await user.type(screen.getByTestId('adjust-amount'), '1.5');
    await user.click(screen.getByTestId('adjust-submit'));
    expect(await screen.findByText('请输入大于 0 的整数钻石数')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('sends one requestId per attempt: a retry after a failure is the same attempt; the answer says pending', async () => {
    const user = userEvent.setup();
    request.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(adjustment('31', 1));
    renderScreen(<AdjustDialog open owner={owner} onClose={() => undefined} />);
    await pick(user, '方向', 'adjust-direction-debit');
    await user.type(screen.getByTestId('adjust-amount'), '6000');
    await user.type(screen.getByTestId('adjust-reason'), '追回误发');
    expect(screen.getByTestId('adjust-two-person').textContent).toContain('须第二名操作员批准后才生效');
    expect(screen.getByTestId('adjust-now').textContent).toBe('当前：余额 10000.00');
    await user.click(screen.getByTestId('adjust-submit'));
    // The whole adjustment is confirmed before anything is sent: the account now and after (decision 037).
    const confirm = await screen.findByTestId('adjust-confirm');
    expect(confirm.textContent).toContain('10000.00 → 4000.00');
    expect(confirm.textContent).toContain('追回误发');
    expect(request).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('adjust-confirm-submit'));
    await waitFor(() => expect(callsOf('adminAdjustmentCreate')).toHaveLength(1));
    await user.click(screen.getByTestId('adjust-confirm-submit'));
    await waitFor(() => expect(callsOf('adminAdjustmentCreate')).toHaveLength(2));

    const [first, second] = callsOf('adminAdjustmentCreate') as { requestId: string }[];
    expect(first).toEqual({
      ownerType: 'agent',
      ownerId: AGENT.agentId,
      currency: 'balance',
      direction: 'debit',
      amount: '6000',
      reason: '追回误发',
      requestId: expect.stringMatching(UUID),
    });
    expect(second?.requestId).toBe(first?.requestId);
    const result = await screen.findByTestId('adjust-result');
    expect(result.getAttribute('data-status')).toBe('pending');
    expect(result.textContent).toContain('调整 #31 已提交，等待第二名操作员批准（超过双人审核阈值）');
  });

  it('refuses a debit that would take the account below zero, before sending it', async () => {
    const user = userEvent.setup();
    renderScreen(<AdjustDialog open owner={owner} onClose={() => undefined} />);
    await pick(user, '方向', 'adjust-direction-debit');
    await user.type(screen.getByTestId('adjust-amount'), '10000.01');
    await user.type(screen.getByTestId('adjust-reason'), '追回误发');
    await user.click(screen.getByTestId('adjust-submit'));
    expect((await screen.findByTestId('adjust-confirm')).textContent).toContain('10000.00 → -0.01');
    expect(screen.getByText('此扣减会使账户低于零')).toBeTruthy();
    expect(screen.getByTestId('adjust-confirm-submit').hasAttribute('disabled')).toBe(true);
    expect(request).not.toHaveBeenCalled();
  });

  it('a player’s account holds diamonds only', async () => {
    const user = userEvent.setup();
    renderScreen(
      <AdjustDialog
        open
        owner={{ ownerType: 'player', ownerId: 500001, label: '玩家' }}
        onClose={() => undefined}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: '账户' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.getAttribute('data-testid'))).toEqual(['adjust-currency-diamonds']);
  });
});

describe('the move of an agent', () => {
  const preview = (allowed: boolean) => ({
    agent: { agentId: AGENT.agentId, nickname: '王总', level: 2, status: 'active', parentId: 10001 },
    newParent: { agentId: 10009, nickname: '李总', level: allowed ? 1 : 2, status: 'active' },
    allowed,
    refusal: allowed ? null : 'level',
    message: allowed ? null : '新上级 10009 为 2 级，必须小于该推广员的等级（2 级）',
    subtree: {
      total: 2,
      list: [
        { agentId: AGENT.agentId, nickname: '王总', level: 2, status: 'active', parentId: 10001, depth: 0 },
        { agentId: 10003, nickname: '小王', level: 3, status: 'active', parentId: AGENT.agentId, depth: 1 },
      ],
    },
    depthAfter: { agent: 2, deepest: 3 },
    pricesCleared: [],
  });

  it('asks for the preview first, shows a refusal, and confirms only an allowed move with a reason', async () => {
    const user = userEvent.setup();
    let allowed = false;
    request.mockImplementation(async (name: string) => {
      if (name === 'adminAgentMovePreview') return preview(allowed);
      if (name === 'adminAgentMove') return { agent: AGENT, moved: 2, pricesCleared: [] };
      throw new Error(`unexpected call ${name}`);
    });
    renderScreen(<MoveAgentDialog open agent={AGENT} onClose={() => undefined} />);
    const confirm = screen.getByTestId('move-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(screen.getByTestId('move-preview'));
    expect(await screen.findByText('请填写新上级的推广员 ID，或选择设为顶级')).toBeTruthy();

    await user.type(screen.getByTestId('move-parent'), '10009');
    await user.click(screen.getByTestId('move-preview'));
    expect((await screen.findByTestId('move-refusal')).textContent).toBe(
      '新上级 10009 为 2 级，必须小于该推广员的等级（2 级）',
    );
    expect(confirm.disabled).toBe(true);
    expect(callsOf('adminAgentMovePreview')).toEqual([{ agentId: AGENT.agentId, newParentId: 10009 }]);

    // Another parent typed: the old preview no longer counts.
    allowed = true;
    await user.clear(screen.getByTestId('move-parent'));
    await user.type(screen.getByTestId('move-parent'), '10008');
    expect(screen.queryByTestId('move-preview-answer')).toBeNull();
    await user.click(screen.getByTestId('move-preview'));
    expect((await screen.findByTestId('move-subtree-total')).textContent).toBe(
      '将一同移动 2 名推广员（含其本人）',
    );
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await user.click(confirm);
    expect(await screen.findByText('请填写原因')).toBeTruthy();
    expect(callsOf('adminAgentMove')).toEqual([]);

    await user.type(screen.getByTestId('move-reason'), '团队调整');
    await user.click(confirm);
    await waitFor(() =>
      expect(callsOf('adminAgentMove')).toEqual([
        { agentId: AGENT.agentId, newParentId: 10008, expectedParentId: 10001, reason: '团队调整' },
      ]),
    );
  });
});

describe('the adjustments list and the two-person rule', () => {
  it('its creator cannot approve a pending adjustment, and is told why; another operator can', async () => {
    signInAs('finance', 7);
    request.mockImplementation(async (name: string) => {
      if (name === 'adminAdjustmentList')
        return { list: [adjustment('41', 7), adjustment('42', 8)], total: 2, page: 1, pageSize: 20 };
      if (name === 'adminAdjustmentApprove') return adjustment('42', 8, { status: 'applied' });
      throw new Error(`unexpected call ${name}`);
    });
    const user = userEvent.setup();
    renderScreen(<AdjustmentsPage />);
    const own = (await screen.findByTestId('adjustment-approve-41')) as HTMLButtonElement;
    expect(own.disabled).toBe(true);
    expect(screen.getByTestId('adjustment-own-41').textContent).toBe('由您发起，需另一位运营人员批准');
    const other = screen.getByTestId('adjustment-approve-42') as HTMLButtonElement;
    expect(other.disabled).toBe(false);
    expect(screen.queryByTestId('adjustment-own-42')).toBeNull();
    await user.click(other);
    await user.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(callsOf('adminAdjustmentApprove')).toEqual([{ id: '42' }]));
  });

  it('a viewer reads the list without approve or reject', async () => {
    signInAs('viewer');
    request.mockResolvedValue({ list: [adjustment('51', 9)], total: 1, page: 1, pageSize: 20 });
    renderScreen(<AdjustmentsPage />);
    await screen.findByTestId('adjustment-51');
    expect(screen.queryByTestId('adjustment-approve-51')).toBeNull();
    expect(screen.queryByTestId('adjustment-reject-51')).toBeNull();
  });
});
