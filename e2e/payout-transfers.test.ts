import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { TAgentUser, TWithdrawal } from '@promoter/contract';
import { generateSync } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import {
  makeWechatPayKeys,
  WechatPayStandIn,
  wechatPayEnv,
} from '../apps/server/test/stand-ins/wechat-pay-stand-in';
import { WechatStandIn } from '../apps/server/test/stand-ins/wechat-stand-in';
import { DESKTOP, launch, openPage, screenshot, storedToken } from './browser';
import { consoleToken, demoOwnerSecret } from './operators';
import { type RunningServer, startServer } from './server';

/**
 * Automatic payouts end to end (decision 046), against `npm start` with PAYMENT_PROVIDER=wechat and loopback
 * stand-ins of WeChat's OAuth and of WeChat Pay API v3 (whose transfers wait for the payee's confirmation, as WeChat
 * Pay's do). The demo agent's openid is recorded (WeChat's silent authorization), it withdraws to its WeChat, the
 * owner approves, and the server's own job queue sends the transfer. On a 360 px phone, outside WeChat the record says
 * to open the page in WeChat; inside WeChat (its user agent, its bridge played by the test) "Confirm receipt in WeChat"
 * hands the server's parameters to requestMerchantTransfer; the payee confirms at WeChat Pay, whose notification
 * reaches the server, and the record shows paid. The console's detail shows how it is paid.
 */

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
const SMALL_PHONE = { width: 360, height: 640 };
const PAYEE_OPENID = 'o-e2e-payee-10001';

const wechat = new WechatStandIn();
const keys = { ...makeWechatPayKeys(), appId: wechat.appId };
const pay = new WechatPayStandIn(keys);
let server: RunningServer;
let browser: Browser;

/** A port free now: the server listens on it and tells WeChat Pay to notify it there (PUBLIC_URL). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  await Promise.all([wechat.start(), pay.start()]);
  wechat.nextUser = { openid: PAYEE_OPENID, unionid: 'u-e2e-10001', nickname: '王总' };
  const port = await freePort();
  server = await startServer({
    env: {
      ...wechatPayEnv(keys, pay.baseUrl),
      ...wechat.env(),
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([wechat.stop(), pay.stop()]);
});

async function call<T>(path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(1);
  return json.data;
}

/** WeChat's silent authorization (snsapi_base), as the shop's page goes through it: the player's openid recorded. */
async function recordOpenid(token: string, playerId: number): Promise<void> {
  const nonce = randomUUID().replaceAll('-', '');
  const redirect = `${server.baseUrl}/#${paths.agent.wechatPayAuth.getHref({ back: paths.agent.withdrawList.getHref() })}`;
  const query = new URLSearchParams({ redirect, scope: 'snsapi_base', nonce });
  const authorize = (await server.api<{ url: string }>(`agent/public/getCode?${query}`, token)).data.url;
  const back = await fetch(authorize, { redirect: 'manual' });
  // WeChat appends the code and the state to the redirect's query, before the SPA's hash.
  const params = new URL(back.headers.get('location') ?? '').searchParams;
  const [code, state] = [params.get('code'), params.get('state')];
  await call('shop/pay/wechatPayer', { code, state, nonce }, { 'XX-Token': token, uid: String(playerId) });
}

async function recordOf(token: string, id: string): Promise<TWithdrawal | undefined> {
  const answer = await server.api<{ list: TWithdrawal[] }>(
    'agent/user/withdrawLogPost?page=1&pageSize=20',
    token,
  );
  return answer.data.list.find((w) => w.id === id);
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

describe('a withdrawal paid by WeChat transfer', () => {
  it('waits for the payee, who confirms receipt in WeChat from its withdrawal records; then it is paid', async () => {
    // ---- the demo agent: its openid, then a withdrawal to its WeChat
    const outside = await openPage(browser, SMALL_PHONE);
    await outside.page.goto(server.agentLink);
    await outside.page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await outside.page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
    const token = await storedToken(outside.page);
    const user = (await server.api<TAgentUser>('agent/user/getUser', token)).data;
    await recordOpenid(token, user.playerId);
    const { withdrawal } = await call<{ withdrawal: TWithdrawal }>(
      'agent/user/withdrawPostByUser',
      {
        amount: '100.00',
        accountType: 'wechat',
        accountName: '王总',
        accountNo: 'wxid_wangzong',
        requestId: randomUUID(),
      },
      { 'XX-Token': token },
    );

    // ---- the owner (signed in to the console) approves it; the server's job queue sends the transfer, which waits
    const desk = await openPage(browser, DESKTOP);
    await desk.page.goto(`${server.baseUrl}/#${paths.admin.login.getHref()}`);
    await desk.page.getByTestId('admin-login-name').fill('owner');
    await desk.page.getByTestId('admin-login-password').fill('demo-owner-1234');
    await desk.page
      .getByTestId('admin-login-code')
      .fill(generateSync({ secret: demoOwnerSecret(server.output()) }));
    await desk.page.getByTestId('admin-login-submit').click();
    await desk.page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
    const operator = await consoleToken(desk.page);
    await call('admin/withdrawals/approve', { id: withdrawal.id }, { 'x-operator-token': operator });
    await expect
      .poll(async () => (await recordOf(token, withdrawal.id))?.confirm, { timeout: 30_000 })
      .toBe(true);
    const transferId = `WD${withdrawal.id.padStart(10, '0')}`;
    const made = pay.transfers.get(transferId);
    expect(made?.bill.state).toBe('WAIT_USER_CONFIRM');
    expect(made?.request).toMatchObject({ openid: PAYEE_OPENID, transfer_amount: 10000 });

    // ---- the console: a WeChat transfer waiting for its payee, which no operator settles by hand meanwhile
    await desk.page.getByRole('combobox', { name: '状态' }).click();
    await desk.page.getByTestId('filter-status-approved').click();
    await desk.page.getByTestId('filter-apply').click();
    const waiting = desk.page.getByTestId(`admin-withdrawal-${withdrawal.id}`);
    await waiting.waitFor({ timeout: 15_000 });
    expect(await waiting.getByTestId('withdrawal-payout').innerText()).toBe('微信转账 · 待收款人确认');
    await waiting.click();
    await desk.page.getByTestId('detail-payout').waitFor();
    expect(await desk.page.getByTestId('detail-payout').innerText()).toContain(
      '由任务队列自动打款：期间不能手动标记已打款或失败。',
    );
    await shot(desk.page, 'payout-transfer-desktop-console-waiting');
    await desk.page.getByTestId('withdrawal-detail-close').click();

    // ---- outside WeChat: the record says to open the page in WeChat
    await outside.page.evaluate((target) => {
      window.location.hash = `#${target}`;
    }, paths.agent.withdrawList.getHref());
    const card = outside.page.getByTestId(`withdrawal-${withdrawal.id}`);
    await card.getByTestId('withdrawal-confirm-button').waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('withdrawal-confirm-outside').innerText()).toBe(
      '请在微信中打开此页面以确认收款。',
    );
    await card.scrollIntoViewIfNeeded();
    await outside.page.getByText('欢迎登录推广员系统').waitFor({ state: 'detached', timeout: 15_000 });
    await shot(outside.page, 'payout-transfer-phone-outside-wechat');
    await outside.context.close();

    // ---- inside WeChat: the bridge's requestMerchantTransfer gets the server's parameters; the payee confirms
    const inside = await openPage(browser, SMALL_PHONE, { userAgent: WECHAT_UA });
    const bridgeCalls: unknown[] = [];
    await inside.context.exposeFunction('__confirmTransfer', async (params: { package: string }) => {
      bridgeCalls.push(params);
      const confirmed = [...pay.transfers.entries()].find(([, t]) => t.packageInfo === params.package);
      if (!confirmed) return 'requestMerchantTransfer:fail';
      await pay.confirmTransfer(confirmed[0]);
      return 'requestMerchantTransfer:ok';
    });
    await inside.context.addInitScript(() => {
      setTimeout(() => {
        const w = window as unknown as {
          WeixinJSBridge: unknown;
          __confirmTransfer: (params: unknown) => Promise<string>;
        };
        w.WeixinJSBridge = {
          invoke(name: string, params: unknown, callback: (result: { err_msg: string }) => void) {
            if (name !== 'requestMerchantTransfer') return;
            void w.__confirmTransfer(params).then((message) => callback({ err_msg: message }));
          },
        };
        document.dispatchEvent(new Event('WeixinJSBridgeReady'));
      }, 200);
    });
    await inside.page.goto(await server.loginLink(user.playerId));
    await inside.page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await inside.page.evaluate((target) => {
      window.location.hash = `#${target}`;
    }, paths.agent.withdrawList.getHref());
    const record = inside.page.getByTestId(`withdrawal-${withdrawal.id}`);
    const button = record.getByTestId('withdrawal-confirm-button');
    await button.waitFor({ timeout: 15_000 });
    expect(await button.innerText()).toContain('在微信中确认收款');
    expect(await record.getByTestId('withdrawal-confirm-outside').count()).toBe(0);
    await record.scrollIntoViewIfNeeded();
    await inside.page.getByText('欢迎登录推广员系统').waitFor({ state: 'detached', timeout: 15_000 });
    await shot(inside.page, 'payout-transfer-phone-confirm');
    await button.click();
    await inside.page
      .getByText('已确认收款。微信支付通知后，提现将显示为已打款。')
      .waitFor({ timeout: 15_000 });
    expect(bridgeCalls).toEqual([{ mchId: keys.mchId, appId: keys.appId, package: made?.packageInfo }]);
    expect(pay.transferNotified).toEqual([{ outBillNo: transferId, status: 200 }]);
    await expect
      .poll(async () => (await recordOf(token, withdrawal.id))?.status, { timeout: 15_000 })
      .toBe('paid');
    // Its notice refreshes the records (the page may first paint the kept ones).
    await inside.page.reload();
    await expect
      .poll(() => inside.page.getByTestId(`withdrawal-${withdrawal.id}`).getAttribute('data-status'), {
        timeout: 15_000,
      })
      .toBe('paid');
    expect(await inside.page.getByTestId('withdrawal-confirm-button').count()).toBe(0);
    await shot(inside.page, 'payout-transfer-phone-paid');
    await inside.context.close();

    // ---- the console: the withdrawal paid by WeChat transfer, with WeChat Pay's reference
    await desk.page.reload();
    await desk.page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
    await desk.page.getByRole('combobox', { name: '状态' }).click();
    await desk.page.getByTestId('filter-status-paid').click();
    await desk.page.getByTestId('filter-apply').click();
    const row = desk.page.getByTestId(`admin-withdrawal-${withdrawal.id}`);
    await row.waitFor({ timeout: 15_000 });
    const badge = row.getByTestId('withdrawal-payout');
    expect(await badge.getAttribute('data-method')).toBe('transfer');
    expect(await badge.innerText()).toBe('微信转账 · 已到账');
    await row.click();
    await desk.page.getByTestId('detail-payout').waitFor();
    // Paid: WeChat Pay's transfer_bill_no is its reference.
    expect(await desk.page.getByTestId('withdrawal-detail').innerText()).toContain(
      String(made?.bill.transfer_bill_no),
    );
    await shot(desk.page, 'payout-transfer-desktop-console-detail');
    await desk.context.close();
  });
});
