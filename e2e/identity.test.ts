import { createHmac, randomBytes } from 'node:crypto';
import {
  GAME_NONCE_HEADER,
  GAME_SIGNATURE_HEADER,
  GAME_TIMESTAMP_HEADER,
  type TAgentUser,
  type TPlayer,
} from '@promoter/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WechatStandIn } from '../apps/server/test/stand-ins/wechat-stand-in';
import { DESKTOP, launch, openPage, PHONE, screenshot, storedToken } from './browser';
import { E2E_GAME_SECRET, type RunningServer, startServer } from './server';

/**
 * Every way into the product, in a real browser against `npm start`: WeChat sign-in through a local stand-in of
 * WeChat's OAuth endpoints, agent id + password, registration from an invite link with the SMS code read from the
 * server log, bind and unbind, forgot / reset / change password, the lock screen, the third-party callback's
 * error, the articles and the share menu's invite link and QR code.
 */

let server: RunningServer;
let browser: Browser;
const wechat = new WechatStandIn();

beforeAll(async () => {
  await wechat.start();
  server = await startServer({
    env: {
      // The development SMS provider writes each code to the log at level info.
      LOG_LEVEL: 'info',
      ...wechat.env(),
    },
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await wechat.stop();
});

/** A call of the signed game API, signed as the game server signs it (see server.loginLink). */
async function gameCall<T>(path: string, payload: object): Promise<T> {
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = randomBytes(12).toString('base64url');
  const signature = createHmac('sha256', E2E_GAME_SECRET)
    .update(`${timestamp}.${nonce}.${body}`)
    .digest('hex');
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      [GAME_TIMESTAMP_HEADER]: String(timestamp),
      [GAME_NONCE_HEADER]: nonce,
      [GAME_SIGNATURE_HEADER]: signature,
    },
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(1);
  return json.data;
}

const api = <T>(path: string, token: string) => server.api<T>(path, token);

/** The newest development SMS code sent to a mobile, from the server log. */
async function smsCode(mobile: string, after = 0): Promise<string> {
  const pattern = new RegExp(`\\[dev SMS\\] code for ${mobile}: (\\d{6})`, 'g');
  for (let i = 0; i < 100; i += 1) {
    const codes = [...server.output().matchAll(pattern)].map((m) => m[1] as string);
    if (codes.length > after) return codes[codes.length - 1] as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS code for ${mobile} in the server log`);
}
/** MUI's enter transitions (dialogs, popovers) take up to 300 ms: screenshots wait them out. */
const settle = (page: Page, ms = 400) => page.waitForTimeout(ms);

const smsCount = (mobile: string) =>
  [...server.output().matchAll(new RegExp(`\\[dev SMS\\] code for ${mobile}: `, 'g'))].length;

describe('WeChat sign-in', () => {
  it('signs the demo agent in through WeChat and shows its invite link and QR code', async () => {
    // The demo has no union ids: the game tells the platform which WeChat belongs to 王总's player.
    await gameCall('/api/game/players/upsert', {
      playerId: 100001,
      nickname: '王总',
      unionId: 'u-demo-agent',
    });
    wechat.nextUser = { openid: 'o-demo-agent', unionid: 'u-demo-agent', nickname: '王总的微信' };

    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/#/session/login`);
    await page.getByTestId('page-login').waitFor();
    await page.getByTestId('login-agent-id').waitFor();
    await screenshot(page, 'identity-phone-login');

    await page.getByTestId('wechat-login').click();
    await page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('header-nickname').first().innerText()).toContain('王总');
    // The single-use code has left the address.
    expect(page.url()).not.toContain('code=');
    // One second later, the welcome notice.
    await page.getByText('欢迎登录推广员系统').first().waitFor({ timeout: 10_000 });
    expect(wechat.requests).toContain('/connect/oauth2/authorize');
    expect(wechat.requests).toContain('/sns/oauth2/access_token');

    const user = await api<TAgentUser>('agent/user/getUser', await storedToken(page));
    expect(user.data.agentId).toBe(10001);
    const wx = await page.evaluate(() => localStorage.getItem('promoter.unionId'));
    expect(JSON.parse(wx as string)).toBe('u-demo-agent');

    await page.getByTestId('page-agent-main').waitFor();
    await page.getByTestId('header-share').first().click();
    const invite = page.getByTestId('share-invite-url');
    await invite.waitFor();
    expect(await invite.inputValue()).toBe(`${server.baseUrl}/#/session/sign-up?from=10001`);
    expect(await page.getByTestId('share-qr').locator('svg').count()).toBe(1);
    await settle(page);
    await screenshot(page, 'identity-phone-share');
    await context.close();
  });

  it('sends a WeChat account without a game account to the download guide', async () => {
    wechat.nextUser = { openid: 'o-stranger', unionid: 'u-stranger', nickname: '路人甲' };
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/#/session/loginWx`);
    await page.getByTestId('page-login-wx').waitFor();
    await screenshot(page, 'identity-phone-login-wx');
    await page.getByTestId('wechat-login').click();
    await page.waitForURL(/#\/agent\/guide-setup/, { timeout: 30_000 });
    expect(await page.getByTestId('guide-setup-wechat').innerText()).toContain('路人甲');
    await screenshot(page, 'identity-phone-guide-setup');
    await context.close();
  });

  it('refuses a code that did not start here (no signed state)', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const code = wechat.issueCode({ openid: 'o-x', unionid: 'u-demo-agent', nickname: 'x' });
    await page.goto(`${server.baseUrl}/?code=${code}&state=forged#/session/loginWx`);
    await page.getByTestId('wechat-failed').waitFor({ timeout: 15_000 });
    expect(page.url()).not.toContain('code=');
    expect(await page.evaluate(() => localStorage.getItem('promoter.token'))).toBeNull();
    await context.close();
  });
});

describe('agent id and password', () => {
  it('refuses a wrong password, then signs in', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/#/session/login`);
    await page.getByTestId('login-agent-id').fill('10002');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-password-error').waitFor({ timeout: 10_000 });
    await screenshot(page, 'identity-phone-login-wrong-password');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/agent\/Main/, { timeout: 15_000 });
    await page.getByText('欢迎登录推广员系统').first().waitFor({ timeout: 10_000 });
    const user = await api<TAgentUser>('agent/user/getUser', await storedToken(page));
    expect(user.data.nickname).toBe('李经理');
    await context.close();
  });
});

describe('registration from an invite link', () => {
  it('a new player opens the invite link in the game and becomes a gold agent under 10001', async () => {
    await gameCall('/api/game/players/upsert', { playerId: 300001, nickname: '新玩家小林' });
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(await server.loginLink(300001));
    await page.waitForURL(/#\/agent\/bind-agent/, { timeout: 30_000 });

    await page.goto(`${server.baseUrl}/#/session/sign-up?from=10001`);
    await page.getByTestId('sign-up-mobile').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('sign-up-inviter').innerText()).toContain('10001');
    expect(await page.getByTestId('sign-up-player').innerText()).toContain('新玩家小林');

    const mobile = '13700000001';
    // The code is asked for only with a valid mobile.
    await page.getByTestId('sign-up-mobile').fill('1370000');
    await page.getByTestId('sign-up-captcha-send').click();
    await page.getByText('请输入 11 位手机号').waitFor();
    await page.getByTestId('sign-up-mobile').fill(mobile);
    await page.getByTestId('sign-up-captcha-send').click();
    const code = await smsCode(mobile);
    await expect.poll(() => page.getByTestId('sign-up-captcha-send').innerText()).toMatch(/\d+ 秒后重发/);
    expect(await page.getByTestId('sign-up-captcha-send').isDisabled()).toBe(true);

    await page.getByTestId('sign-up-captcha').fill(code);
    await page.getByTestId('sign-up-password').fill('newagent123');
    await page.getByTestId('sign-up-confirm').fill('newagent12');
    await page.getByTestId('sign-up-submit').click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByTestId('sign-up-confirm').fill('newagent123');
    await screenshot(page, 'identity-phone-sign-up');
    await page.getByTestId('sign-up-submit').click();

    await page.waitForURL(/#\/agent\/Main/, { timeout: 15_000 });
    await page.getByTestId('page-agent-main').waitFor();
    const user = await api<TAgentUser>('agent/user/getUser', await storedToken(page));
    expect(user.code).toBe(1);
    expect(user.data.playerId).toBe(300001);
    expect(user.data.level).toBe(2);
    expect(user.data.parentId).toBe(10001);
    expect(user.data.mobile).toBe(mobile);
    await page.getByTestId('header-nickname').first().waitFor();
    // The layout's 2 s loader covers the content first.
    await settle(page, 2500);
    await screenshot(page, 'identity-phone-sign-up-done');

    // The new agent signs in with its id and the password it chose.
    const login = await fetch(`${server.baseUrl}/api/agent/login/loginById`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: user.data.agentId, password: 'newagent123' }),
    });
    expect(((await login.json()) as { code: number }).code).toBe(1);
    await context.close();
  });

  it('explains that the invite link must be opened from the game when nobody is signed in', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/#/session/sign-up?from=10001&level=3`);
    await page.getByTestId('sign-up-need-player').waitFor();
    expect(await page.getByTestId('sign-up-level').innerText()).toContain('白银');
    await screenshot(page, 'identity-phone-sign-up-signed-out');
    await context.close();
  });
});

describe('bind and unbind', () => {
  it('player 200008 binds to agent 10002, then unbinds', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(await server.loginLink(200008));
    await page.waitForURL(/#\/agent\/bind-agent/, { timeout: 30_000 });
    await page.getByTestId('bind-agent-input').waitFor();
    expect(await page.getByTestId('page-bind-agent').innerText()).toContain('游客小陈');

    await page.getByTestId('bind-agent-input').fill('10002');
    await page.getByTestId('bind-agent-submit').click();
    await page.getByTestId('confirm-yes').waitFor();
    expect(await page.getByRole('dialog').innerText()).toContain('10002');
    await settle(page);
    await screenshot(page, 'identity-phone-bind-confirm');
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('bind-agent-bound-id').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('bind-agent-bound-id').innerText()).toContain('10002');
    const token = await storedToken(page);
    const bound = await api<{ agentId: number | null }>('agent/login/getPlayer?playerId=200008', token);
    expect(bound.data.agentId).toBe(10002);
    await page.getByTestId('bind-agent-unbind').waitFor();
    await screenshot(page, 'identity-phone-bind-bound');

    await page.getByTestId('bind-agent-unbind').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('bind-agent-input').waitFor({ timeout: 10_000 });
    const unbound = await api<{ agentId: number | null }>('agent/login/getPlayer?playerId=200008', token);
    expect(unbound.data.agentId).toBeNull();
    const stored = await page.evaluate(() => localStorage.getItem('promoter.player'));
    expect((JSON.parse(stored as string) as TPlayer).agentId).toBeNull();

    // One look in English.
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByTestId('language-en').click();
    await page.getByRole('heading', { name: 'Bind to a promoter' }).waitFor();
    await settle(page);
    await screenshot(page, 'identity-phone-bind-en');
    await context.close();
  });
});

describe('passwords and the lock screen', () => {
  it('resets a forgotten password by SMS, changes it, and unlocks the lock screen', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const mobile = '13800000003'; // 张主管, agent 10003
    await page.goto(`${server.baseUrl}/#/session/login`);
    await page.getByTestId('login-forgot-password').click();
    await page.getByTestId('forgot-password-mobile').fill(mobile);
    const before = smsCount(mobile);
    await page.getByTestId('forgot-password-submit').click();
    await page.getByTestId('page-reset-password').waitFor({ timeout: 10_000 });
    const code = await smsCode(mobile, before);
    expect(await page.getByTestId('reset-password-mobile').inputValue()).toBe(mobile);
    // The resend waits on from the forgot-password page.
    expect(await page.getByTestId('reset-password-captcha-send').isDisabled()).toBe(true);
    await page.getByTestId('reset-password-captcha').fill(code);
    await page.getByTestId('reset-password-new').fill('reset-pass-1');
    await page.getByTestId('reset-password-confirm').fill('reset-pass-1');
    await screenshot(page, 'identity-phone-reset-password');
    await page.getByTestId('reset-password-submit').click();

    await page.waitForURL(/#\/session\/login/, { timeout: 10_000 });
    expect(await page.getByTestId('login-agent-id').inputValue()).toBe('10003');
    await page.getByTestId('login-password').fill('reset-pass-1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/agent\/Main/, { timeout: 15_000 });

    // A second session of the same agent, signed out by the change below.
    const other = await fetch(`${server.baseUrl}/api/agent/login/loginById`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: 10003, password: 'reset-pass-1' }),
    });
    const otherToken = ((await other.json()) as { data: { token: string } }).data.token;

    await page.goto(`${server.baseUrl}/#/session/update-password`);
    await page.getByTestId('update-password-old').fill('reset-pass-1');
    await page.getByTestId('update-password-new').fill('changed-pass-2');
    await page.getByTestId('update-password-confirm').fill('changed-pass-2');
    await page.getByTestId('update-password-submit').click();
    await page.getByTestId('update-password-done').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('update-password-done').innerText()).toMatch(/[1-9]/);
    await screenshot(page, 'identity-phone-update-password');
    expect((await api('agent/user/getUser', otherToken)).code).toBe(10001);
    expect((await api('agent/user/getUser', await storedToken(page))).code).toBe(1);

    await page.goto(`${server.baseUrl}/#/session/lock-screen`);
    // A fresh load, as after a while away: the notices of the pages before are gone.
    await page.reload();
    expect(await page.getByTestId('lock-nickname').innerText()).toContain('张主管');
    await settle(page);
    await screenshot(page, 'identity-phone-lock-screen');
    await page.getByTestId('lock-password').fill('changed-pass-2');
    await page.getByTestId('lock-unlock').click();
    await page.waitForURL(/#\/agent\/Main/, { timeout: 15_000 });
    await context.close();
  });
});

describe('the third-party callback', () => {
  it('alerts the error and goes home', async () => {
    const { page, context, problems, allow } = await openPage(browser, PHONE);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(`${server.baseUrl}/#/callback?error=access_denied`);
    await page.waitForURL(/#\/agent\/index/, { timeout: 10_000 });
    expect(alerts).toEqual(['错误：access_denied。详细信息请查看控制台。']);
    // The details go to the console, as the alert says.
    expect(problems.some((p) => p.includes('access_denied'))).toBe(true);
    allow(/^console error: .*access_denied/);
    await context.close();
  });
});

describe('articles', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the platform's articles as plain paragraphs (${size})`, async () => {
      const { page, context } = await openPage(browser, viewport);
      await page.goto(`${server.baseUrl}/#/agent/index`);
      await page.getByTestId('article-platform-index').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('article-platform-index').locator('p').count()).toBe(3);
      await screenshot(page, `identity-${size}-agent-index`);

      await page.goto(`${server.baseUrl}/#/agent/help`);
      const help = page.getByTestId('article-help');
      await help.waitFor({ timeout: 15_000 });
      expect(await help.locator('h2').innerText()).toBe('帮助中心');
      expect(await help.locator('p').count()).toBe(3);
      await screenshot(page, `identity-${size}-help`);

      for (const [route, testId, title] of [
        ['agent-info', 'article-agent-recruit', '招募推广员'],
        ['agent-desc', 'article-agent-desc', '推广员说明'],
      ] as const) {
        await page.goto(`${server.baseUrl}/#/agent/${route}`);
        await page.getByTestId(testId).waitFor({ timeout: 15_000 });
        expect(await page.getByTestId(testId).locator('h2').innerText()).toBe(title);
      }
      await page.goto(`${server.baseUrl}/#/session/sign-up?from=10001`);
      await page.getByTestId('sign-up-need-player').waitFor();
      await page.getByTestId('sign-up-need-player').getByRole('link').click();
      await page.getByTestId('login-agent-id').waitFor();
      await screenshot(page, `identity-${size}-login-from-sign-up`);
      await context.close();
    });
  }

  it('shows markup in an article as text: nothing in the content runs', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const hostile = '<img src=x onerror="window.__pwned=1">';
    await page.route('**/api/portal/articles/read', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          code: 1,
          msg: '成功',
          data: {
            id: 2,
            slug: 'help',
            title: `帮助 ${hostile}`,
            content: `第一段<script>window.__pwned=2</script>\n\n${hostile}`,
            updatedAt: new Date().toISOString(),
          },
        }),
      }),
    );
    await page.goto(`${server.baseUrl}/#/agent/help`);
    const help = page.getByTestId('article-help');
    await help.waitFor({ timeout: 15_000 });
    expect(await help.locator('p').nth(1).innerText()).toBe(hostile);
    expect(await help.locator('h2').innerText()).toContain(hostile);
    expect(await help.locator('img, script').count()).toBe(0);
    await settle(page, 500);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await context.close();
  });
});
