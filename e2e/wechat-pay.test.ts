import type { TAgentUser } from '@promoter/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BridgeParams,
  makeWechatPayKeys,
  WechatPayStandIn,
  wechatPayEnv,
} from '../apps/server/test/stand-ins/wechat-pay-stand-in';
import { WechatStandIn } from '../apps/server/test/stand-ins/wechat-stand-in';
import { figureOf, launch, openPage, PHONE, screenshot, storedToken } from './browser';
import { type RunningServer, startServer } from './server';

/**
 * Buying inside WeChat's browser with WeChat Pay JSAPI, in Chromium with WeChat's user agent, against `npm start`
 * with PAYMENT_PROVIDER=wechat and loopback stand-ins of WeChat's OAuth and of WeChat Pay API v3. The page's
 * `WeixinJSBridge` is played by the test: it hands the parameters the server signed to the WeChat Pay stand-in,
 * which checks paySign and the payer as WeChat's client does, then sends the signed notification to the server.
 *
 * Agent 10002 came in through the game's link, so the server has no openid for it yet: its purchase goes through
 * WeChat's silent authorization and back to the shop, where it goes on by itself and is cancelled in WeChat's
 * sheet; buying again pays the same order, and though WeChat Pay's notification is lost, the order's page has the
 * server ask WeChat Pay, and the diamonds arrive.
 */

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
const PAYER_OPENID = 'o-e2e-payer-10002';

const wechat = new WechatStandIn();
const keys = { ...makeWechatPayKeys(), appId: wechat.appId };
const pay = new WechatPayStandIn(keys);
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  await Promise.all([wechat.start(), pay.start()]);
  wechat.nextUser = { openid: PAYER_OPENID, unionid: 'u-e2e-10002', nickname: '李经理' };
  server = await startServer({
    env: {
      ...wechatPayEnv(keys, pay.baseUrl),
      ...wechat.env(),
    },
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([wechat.stop(), pay.stop()]);
});

/** What the person does in WeChat's pay sheet, in order; then it pays. */
const sheet: ('cancel' | 'pay' | 'pay, notification lost')[] = [];
const bridgeCalls: BridgeParams[] = [];

async function buyThousand(page: Page): Promise<void> {
  const card = page.getByTestId(/^goods-\d+$/).filter({ hasText: '1000 钻石' });
  await card.waitFor({ timeout: 15_000 });
  await card.getByTestId(/^goods-select-/).click();
  await page.getByTestId('buy-bar').waitFor();
  await page.getByTestId('buy-submit').click();
  await page.getByTestId('buy-confirm-total').waitFor();
  // Inside WeChat the confirmation says WeChat Pay opens, not a checkout page.
  await page.getByText('确认后将打开微信支付。').waitFor();
  await page.getByTestId('confirm-yes').click();
}

describe('WeChat Pay inside WeChat (JSAPI)', () => {
  it('authorizes silently, survives a cancelled sheet, then pays the same order through the bridge', async () => {
    const { page, context } = await openPage(browser, PHONE, { userAgent: WECHAT_UA });
    // WeChat's bridge, as WeChat's browser provides it: announced a moment after the page loads.
    await context.exposeFunction('__wechatPaySheet', async (params: BridgeParams) => {
      bridgeCalls.push(params);
      const action = sheet.shift();
      if (action === 'cancel') return 'get_brand_wcpay_request:cancel';
      return pay.payThroughBridge(params, PAYER_OPENID, { notify: action !== 'pay, notification lost' });
    });
    await context.addInitScript(() => {
      setTimeout(() => {
        const w = window as unknown as {
          WeixinJSBridge: unknown;
          __wechatPaySheet: (params: unknown) => Promise<string>;
        };
        w.WeixinJSBridge = {
          invoke(name: string, params: unknown, callback: (result: { err_msg: string }) => void) {
            if (name !== 'getBrandWCPayRequest') return;
            void w.__wechatPaySheet(params).then((message) => callback({ err_msg: message }));
          },
        };
        document.dispatchEvent(new Event('WeixinJSBridgeReady'));
      }, 200);
    });

    await page.goto(await server.loginLink(100002));
    await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
    const token = await storedToken(page);
    const user = async () => (await server.api<TAgentUser>('agent/user/getUser', token)).data;
    const before = await user();

    // 1. No openid yet: WeChat's silent authorization, back to the shop, and the purchase goes on by itself:
    //    WeChat's sheet opens with the server's signed parameters, and the person cancels: the page stays.
    sheet.push('cancel');
    await page.goto(`${server.baseUrl}/#/agent/mine-recharge`);
    await buyThousand(page);
    await page.waitForURL(/#\/agent\/mine-recharge$/, { timeout: 15_000 });
    await page.getByText('已取消支付。再次点击购买可继续支付这笔订单。').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).search).toBe('');
    expect(wechat.requests).toContain('/connect/oauth2/authorize');
    expect(bridgeCalls).toHaveLength(1);
    expect(bridgeCalls[0]).toMatchObject({ appId: keys.appId, signType: 'RSA' });
    expect(pay.orders.size).toBe(1);
    await page
      .getByTestId(/^goods-\d+$/)
      .first()
      .waitFor();
    await screenshot(page, 'wechat-pay-phone-cancelled');

    // 2. The resumed purchase was taken: nothing waits to buy by itself on a later visit.
    expect(await page.evaluate(() => localStorage.getItem('promoter.pendingPurchase'))).toBeNull();

    // 3. Buying again pays the same order. WeChat Pay's notification is lost on the way: the order's page asks,
    //    the server queries WeChat Pay (signed both ways), and the diamonds arrive all the same.
    sheet.push('pay, notification lost');
    await buyThousand(page);
    await page.waitForURL(/#\/agent\/query-order\?orderId=/, { timeout: 15_000 });
    await page.getByTestId('order-status-paid').waitFor({ timeout: 15_000 });
    expect(bridgeCalls).toHaveLength(2);
    expect(bridgeCalls[1]?.package).toBe(bridgeCalls[0]?.package);
    expect(pay.orders.size).toBe(1);
    const [orderId] = [...pay.orders.keys()];
    expect(page.url()).toContain(`orderId=${orderId}`);
    expect(pay.notified).toEqual([]);
    expect(
      pay.received.filter((r) => r.method === 'GET' && r.path.endsWith(`/out-trade-no/${orderId}`)),
    ).not.toHaveLength(0);
    await expect
      .poll(() => figureOf(page, 'order-stock'), { timeout: 10_000 })
      .toBe(String(before.diamonds + 1000));
    await screenshot(page, 'wechat-pay-phone-paid');
    expect((await user()).diamonds).toBe(before.diamonds + 1000);
    await context.close();
  });
});
