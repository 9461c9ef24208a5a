import { type TAgentUser, fenToMoney, moneyToFen, ResponseCode } from '@promoter/contract';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, PHONE, screenshot, storedToken, useServerAndBrowser } from './browser';

/**
 * Agents in the console (decision 018): an operator signs in with 2FA, finds the demo agent, credits its balance with a
 * reason (bill type 9, below the two-person threshold: applied at once), freezes it (the agent's very next call
 * answers 1002), unfreezes it; the agent's page at desktop and phone sizes.
 */
const e2e = useServerAndBrowser();

const SMALL = { width: 360, height: 640 };

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

/** The demo owner's TOTP secret, printed by `npm start` beside the login links. */
function ownerSecret(): string {
  const secret = /2FA secret: (\S+)/.exec(e2e.server.output())?.[1];
  if (!secret) throw new Error(`no 2FA secret printed:\n${e2e.server.output()}`);
  return secret;
}

async function agentAnswer(token: string) {
  return e2e.server.api<TAgentUser>('agent/user/getUser', token);
}

/** Types a reason in the open reason dialog and confirms it. */
async function confirmWithReason(page: Page, reason: string) {
  const dialog = page.getByTestId('reason-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('reason-text').fill(reason);
  await dialog.getByTestId('reason-confirm').click();
  await dialog.waitFor({ state: 'detached' });
}

const pageStatus = (page: Page) => page.getByTestId('page-admin-agent').getAttribute('data-status');

describe('the console’s agents', () => {
  it('an operator finds an agent, credits its balance with a reason, freezes and unfreezes it', async () => {
    // ---- the demo agent signs in on its phone
    const agent = await openPage(e2e.browser, PHONE);
    await agent.page.goto(e2e.server.agentLink);
    await agent.page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await agent.page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
    const token = await storedToken(agent.page);
    const start = await agentAnswer(token);
    expect(start.code, start.msg).toBe(1);
    const { agentId } = start.data;

    // ---- the owner signs in with name, password and the authenticator's code
    const { page } = await openPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.agents.getHref()}`);
    await page.getByTestId('page-admin-login').waitFor({ timeout: 30_000 });
    await page.getByTestId('admin-login-name').fill('owner');
    await page.getByTestId('admin-login-password').fill('demo-owner-1234');
    await page.getByTestId('admin-login-code').fill(generateSync({ secret: ownerSecret() }));
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('admin-layout').waitFor({ timeout: 30_000 });

    // ---- the agents list, searched by id
    await page.getByTestId('admin-nav-agents').click();
    await page.getByTestId('page-admin-agents').waitFor();
    await page.locator('[data-testid^="admin-agent-"]').first().waitFor();
    await shot(page, 'admin-agents-desktop-list');
    await page.getByTestId('agent-filter-id').fill(String(agentId));
    await page.getByTestId('agent-filter-apply').click();
    await expect.poll(() => page.locator('[data-testid^="admin-agent-"]').count()).toBe(1);
    await page.getByTestId(`admin-agent-${agentId}`).click();
    await page.getByTestId('page-admin-agent').waitFor();
    expect(await page.getByTestId('agent-balance').innerText()).toBe(start.data.balance);
    await shot(page, 'admin-agents-desktop-agent');

    // ---- the move's preview refuses to put the agent under its own child: a loop
    const child = page.locator('[data-testid^="agent-child-"]').first();
    await child.waitFor();
    const childId = ((await child.getAttribute('data-testid')) ?? '').replace('agent-child-', '');
    await page.getByTestId('agent-move').click();
    await page.getByTestId('move-parent').fill(childId);
    await page.getByTestId('move-preview').click();
    const refusal = page.getByTestId('move-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(`${childId} 是该推广员的下级，不能成为它的上级`);
    expect(await page.getByTestId('move-confirm').isDisabled()).toBe(true);
    await shot(page, 'admin-agents-desktop-move-preview');
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await page.getByTestId('move-agent-form').waitFor({ state: 'detached' });

    // ---- a credit of 88.00 with a reason: applied at once (below the two-person threshold)
    await page.getByTestId('agent-adjust').click();
    await page.getByTestId('adjust-form').waitFor();
    await page.getByTestId('adjust-submit').click();
    await page.getByText('请填写原因').waitFor();
    await page.getByTestId('adjust-amount').fill('88.00');
    await page.getByTestId('adjust-reason').fill('活动奖励补发');
    await page.getByTestId('adjust-notice').fill('三月活动奖励');
    await shot(page, 'admin-agents-desktop-adjust');
    await page.getByTestId('adjust-submit').click();
    // The whole adjustment is confirmed first: the balance now and after (decision 037).
    const confirmStep = page.getByTestId('adjust-confirm');
    await confirmStep.waitFor();
    const credited = fenToMoney(moneyToFen(start.data.balance) + moneyToFen('88.00'));
    expect(await confirmStep.innerText()).toContain(`${start.data.balance} → ${credited}`);
    await shot(page, 'admin-agents-desktop-adjust-confirm');
    await page.getByTestId('adjust-confirm-submit').click();
    const result = page.getByTestId('adjust-result');
    await result.waitFor();
    expect(await result.getAttribute('data-status')).toBe('applied');
    expect(await result.innerText()).toContain(`${start.data.balance} → ${credited}`);
    await page.getByTestId('adjust-close').click();
    await expect
      .poll(() => page.getByTestId('agent-balance').innerText(), { timeout: 10_000 })
      .toBe(credited);
    expect((await agentAnswer(token)).data.balance).toBe(credited);

    // ---- the ledger shows the adjustment with its reason
    await page.getByTestId('agent-tab-balance').click();
    const newest = page.getByTestId('agent-ledger-row').first();
    await newest.waitFor();
    expect(await newest.innerText()).toContain('活动奖励补发');
    await shot(page, 'admin-agents-desktop-ledger');

    // ---- freeze: the agent's very next call answers 1002
    await page.getByTestId('agent-freeze').click();
    await confirmWithReason(page, '涉嫌刷单，暂停核查');
    await expect.poll(() => pageStatus(page), { timeout: 10_000 }).toBe('frozen');
    await page.getByTestId('agent-frozen-reason').waitFor();
    const refused = await agentAnswer(token);
    expect({ code: refused.code, msg: refused.msg }).toEqual({
      code: ResponseCode.agentUnavailable,
      msg: '您的推广员账号已被冻结，请联系上级或客服',
    });
    await shot(page, 'admin-agents-desktop-frozen');

    // ---- unfreeze: the same session works again
    await page.getByTestId('agent-unfreeze').click();
    await confirmWithReason(page, '核查无误');
    await expect.poll(() => pageStatus(page), { timeout: 10_000 }).toBe('active');
    const again = await agentAnswer(token);
    expect(again.code, again.msg).toBe(1);
    expect(again.data.balance).toBe(credited);

    // ---- the agent's page on a small phone: the nav folds into a drawer, the tabs scroll
    await page.setViewportSize(SMALL);
    await page.getByTestId('admin-nav-agents').waitFor({ state: 'detached' });
    await page.getByTestId('agent-tab-children').click();
    await page.getByTestId('agent-children-table').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'admin-agents-phone-agent');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByTestId('admin-nav-adjustments').waitFor();
    await shot(page, 'admin-agents-phone-nav');
    await page.getByTestId('admin-nav-adjustments').click();
    await page.getByTestId('page-admin-adjustments').waitFor();
    await shot(page, 'admin-agents-phone-adjustments');
  });
});
