import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fenToMoney, moneyToFen, withdrawalFileReference } from '@promoter/contract';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, keepThemeOptions, openPage, screenshot, useServerAndBrowser } from './browser';
import { consoleToken, createOperator, demoOwnerSecret, operatorCall, signInOperator } from './operators';

/**
 * Payout files in the console (decision 044): a finance operator selects approved withdrawals in the queue (their
 * count and total shown), exports the bank's file (the download caught and read), imports the bank's result file
 * (the preview: lines to mark, an unmatched one marked), applies it after a confirmation, and the withdrawals are
 * paid or failed.
 */
const e2e = useServerAndBrowser();

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

/** A bank card number whose Luhn check holds, from 18 digits. */
function cardNumber(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** The demo agent signs in with its password (printed by `npm start`) and applies to withdraw, as its page does. */
async function demoAgentToken(): Promise<string> {
  const [, agentId, password] = /Demo agent id \+ password: (\d+) \/ (\S+)/.exec(e2e.server.output()) ?? [];
  const response = await fetch(`${e2e.server.baseUrl}/api/agent/login/loginById`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ agentId: Number(agentId), password }),
  });
  const json = (await response.json()) as { code: number; msg: string; data: { token: string } };
  expect(json.code, json.msg).toBe(1);
  return json.data.token;
}

async function balanceOf(token: string): Promise<string> {
  const json = await e2e.server.api<{ balance: string }>('agent/user/getUser', token);
  expect(json.code, json.msg).toBe(1);
  return json.data.balance;
}

async function withdraw(token: string, amount: string, account: Record<string, string>): Promise<string> {
  const response = await fetch(`${e2e.server.baseUrl}/api/agent/user/withdrawPostByUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'XX-Token': token },
    body: JSON.stringify({ amount, requestId: randomUUID(), ...account }),
  });
  const json = (await response.json()) as { code: number; msg: string; data: { withdrawal: { id: string } } };
  expect(json.code, json.msg).toBe(1);
  return json.data.withdrawal.id;
}

/** GBK's two bytes of each Chinese character the result file below uses (Node encodes no GBK by itself). */
const GBK: Record<string, string> = {
  批: 'c5fa',
  量: 'c1bf',
  代: 'b4fa',
  发: 'b7a2',
  结: 'bde1',
  果: 'b9fb',
  序: 'd0f2',
  号: 'bac5',
  业: 'd2b5',
  务: 'cef1',
  参: 'b2ce',
  考: 'bfbc',
  收: 'cad5',
  款: 'bfee',
  账: 'd5cb',
  金: 'bdf0',
  额: 'b6ee',
  元: 'd4aa',
  状: 'd7b4',
  态: 'ccac',
  银: 'd2f8',
  行: 'd0d0',
  流: 'c1f7',
  水: 'cbae',
  失: 'caa7',
  败: 'b0dc',
  原: 'd4ad',
  因: 'd2f2',
  成: 'b3c9',
  功: 'b9a6',
  户: 'bba7',
  名: 'c3fb',
  与: 'd3eb',
  不: 'b2bb',
  符: 'b7fb',
  合: 'bacf',
  计: 'bcc6',
};

/** A text in GBK, as Chinese banks write their result files: ASCII as it is, the characters above by the table. */
function gbk(text: string): Buffer {
  return Buffer.concat(
    Array.from(text, (char) => {
      if (char.charCodeAt(0) < 0x80) return Buffer.from(char, 'latin1');
      const hex = GBK[char];
      if (!hex) throw new Error(`no GBK bytes for ${char}`);
      return Buffer.from(hex, 'hex');
    }),
  );
}

async function showStatus(page: Page, status: 'approved' | 'paid' | 'failed') {
  await page.getByRole('combobox', { name: '状态' }).click();
  await page.getByTestId(`filter-status-${status}`).click();
  await page.getByTestId('filter-apply').click();
}

describe('payout files in the console', () => {
  it('selects approved withdrawals, exports the bank file, imports the result, applies it: paid and failed', async () => {
    // ---- the demo agent applies for two withdrawals to bank cards and one to Alipay
    const token = await demoAgentToken();
    const start = moneyToFen(await balanceOf(token));
    const card1 = cardNumber('622202020011223344');
    const card2 = cardNumber('621700001000200030');
    const bank = { accountType: 'bank', accountName: '王总', bankName: '中国工商银行' };
    const paidId = await withdraw(token, '150.00', { ...bank, accountNo: card1 });
    const failedId = await withdraw(token, '230.50', { ...bank, accountNo: card2 });
    const alipayId = await withdraw(token, '120.00', {
      accountType: 'alipay',
      accountName: '王总',
      accountNo: 'wangzong@example.com',
    });

    // ---- the owner approves them (and so may not settle them: a finance operator pays)
    const owner = await openPage(e2e.browser, DESKTOP);
    await owner.page.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
    await owner.page.getByTestId('admin-login-name').fill('owner');
    await owner.page.getByTestId('admin-login-password').fill('demo-owner-1234');
    await owner.page
      .getByTestId('admin-login-code')
      .fill(generateSync({ secret: demoOwnerSecret(e2e.server.output()) }));
    await owner.page.getByTestId('admin-login-submit').click();
    await owner.page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
    const ownerToken = await consoleToken(owner.page);
    const approved = await operatorCall<{ changed: string[] }>(
      e2e.server.baseUrl,
      ownerToken,
      'admin/withdrawals/batchApprove',
      { ids: [paidId, failedId, alipayId] },
    );
    expect(approved.data.changed.sort()).toEqual([paidId, failedId, alipayId].sort());
    const cashier = await createOperator(e2e.server.baseUrl, ownerToken, 'payout-cashier', 'finance');
    await owner.context.close();

    const { page } = await openPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
    await signInOperator(page, cashier, 'cashier-password-2024');

    // ---- the approved ones: select the three, the totals shown, the bank's file exported
    await showStatus(page, 'approved');
    for (const id of [paidId, failedId, alipayId]) {
      const row = page.getByTestId(`admin-withdrawal-${id}`);
      await row.waitFor();
      await row.getByRole('checkbox').check();
    }
    expect(await page.getByTestId('payout-bar-totals').innerText()).toBe(
      '已选 3 笔 · 应付 500.50 元（金额扣除手续费）',
    );
    expect(await page.getByTestId('payout-bar-channels').innerText()).toBe(
      '银行卡：2 笔（380.50 元）· 支付宝：1 笔（120.00 元）',
    );
    await shot(page, 'admin-payout-selection');
    await page.getByTestId('payout-export').click();
    await page.getByTestId('payout-export-dialog').waitFor();
    expect(await page.getByTestId('payout-export-bank').isChecked()).toBe(true);
    await shot(page, 'admin-payout-export-dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('payout-export-confirm').click(),
    ]);
    const saved = path.join(
      await fs.mkdtemp(path.join(os.tmpdir(), 'payout-e2e-')),
      download.suggestedFilename(),
    );
    await download.saveAs(saved);
    const bytes = await fs.readFile(saved);
    // UTF-8 with its byte order mark; the whole numbers and our references, the Alipay one left out.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const exported = bytes.toString('utf8').slice(1).split('\r\n');
    expect(exported.slice(0, 3)).toEqual([
      '序号,收款账号,收款户名,收款银行,金额(元),用途,业务参考号',
      `1,${card1},王总,中国工商银行,150.00,提现,${withdrawalFileReference(paidId)}`,
      `2,${card2},王总,中国工商银行,230.50,提现,${withdrawalFileReference(failedId)}`,
    ]);
    expect(download.suggestedFilename()).toMatch(/^payout-bank-\d{6}\.csv$/);
    const result = page.getByTestId('payout-export-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('2 笔，380.50 元');
    // The Alipay one stays selected, the exported ones are in the file now.
    expect(await page.getByTestId(`admin-withdrawal-${alipayId}`).getByRole('checkbox').isChecked()).toBe(
      true,
    );
    await expect
      .poll(() =>
        page
          .getByTestId(`admin-withdrawal-${paidId}`)
          .getByTestId('withdrawal-payout')
          .getAttribute('data-method'),
      )
      .toBe('file');
    await shot(page, 'admin-payout-exported');

    // ---- the bank's result file: one paid, one returned, and a line that is none of ours (GBK, as banks write)
    const resultFile = [
      '批量代发结果',
      '序号,业务参考号,收款账号,金额(元),状态,银行流水号,失败原因',
      `1,${withdrawalFileReference(paidId)},${card1.slice(0, 4)}********${card1.slice(-4)},150.00,成功,B20250101000123,`,
      `2,${withdrawalFileReference(failedId)},${card2},230.50,失败,,户名与账号不符`,
      `3,WD9999999999,6222000000000000,10.00,成功,B20250101000125,`,
      '合计,,,390.50,,,',
    ].join('\r\n');
    const resultPath = path.join(path.dirname(saved), 'result.csv');
    await fs.writeFile(resultPath, gbk(resultFile));
    await page.getByTestId('payout-export-open').click();
    const panel = page.getByTestId('payout-files-panel');
    await panel.getByTestId('payout-batch-detail').waitFor();
    await panel.getByTestId('payout-batch-import').click();
    const dialog = page.getByTestId('payout-import-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('payout-import-file').setInputFiles(resultPath);
    await dialog.getByTestId('payout-import-lines').waitFor({ timeout: 15_000 });
    const actions = await dialog
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')));
    expect(actions).toEqual(['markPaid', 'markFailed', 'unmatched']);
    expect(await dialog.getByTestId('payout-total-markPaid').innerText()).toBe('1 笔 · 150.00 元');
    await shot(page, 'admin-payout-import-preview');

    // ---- applied after a confirmation: each line's result
    await dialog.getByTestId('payout-import-apply').click();
    const confirm = page.getByTestId('payout-apply-confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.getByTestId('payout-apply-message').innerText()).toContain(
      '将把 1 笔提现标记为已打款（150.00 元），1 笔标记为失败（230.50 元',
    );
    await confirm.getByTestId('payout-apply-confirm').click();
    const outcome = dialog.getByTestId('payout-import-outcome');
    await outcome.waitFor({ timeout: 15_000 });
    expect(await outcome.innerText()).toContain('已付 1 笔，失败 1 笔，跳过 0 笔');
    expect(await outcome.innerText()).toContain('文件中的提现已全部结算');
    const results = await dialog
      .getByTestId('payout-line-result')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-result')));
    expect(results).toEqual(['paid', 'failed', '']);
    await shot(page, 'admin-payout-import-applied');
    await dialog.getByTestId('payout-import-close').click();
    await expect
      .poll(() => panel.getByTestId(`payout-item-${paidId}`).getAttribute('data-status'))
      .toBe('paid');
    expect(await panel.getByTestId(`payout-item-${failedId}`).getAttribute('data-status')).toBe('failed');
    expect(await panel.getByTestId('payout-batch-status').getAttribute('data-status')).toBe('settled');
    await shot(page, 'admin-payout-batch-settled');
    await panel.getByTestId('payout-files-panel-close').click();

    // ---- the queue: one paid with the bank's serial number, one failed (refunded) with the bank's reason
    await showStatus(page, 'paid');
    const paidRow = page.getByTestId(`admin-withdrawal-${paidId}`);
    await paidRow.waitFor();
    expect(await paidRow.getAttribute('data-status')).toBe('paid');
    await paidRow.click();
    await page.getByTestId('withdrawal-detail').getByText('B20250101000123').waitFor();
    await page.getByTestId('withdrawal-detail-close').click();
    await showStatus(page, 'failed');
    const failedRow = page.getByTestId(`admin-withdrawal-${failedId}`);
    await failedRow.waitFor();
    expect(await failedRow.getAttribute('data-status')).toBe('failed');
    await shot(page, 'admin-payout-queue-failed');
    // The failed one's amount is back on the agent's balance; the paid one and the Alipay one (still approved) are not.
    expect(await balanceOf(token)).toBe(fenToMoney(start - moneyToFen('150.00') - moneyToFen('120.00')));

    // ---- the files' list, right to left in Arabic
    await keepThemeOptions(page, { language: 'ar', rtlLayout: true });
    await page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
    await page.getByTestId('payout-files-open').click();
    const list = page.getByTestId('payout-files-panel');
    await list.getByTestId('payout-batch-table').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const settled = list.getByTestId('payout-batch-status').first();
    await settled.waitFor();
    expect(await settled.getAttribute('data-status')).toBe('settled');
    expect(await settled.innerText()).toBe('تمت التسوية');
    await shot(page, 'admin-payout-files-rtl');
  });
});
