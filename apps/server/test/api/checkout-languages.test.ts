import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, orders } from '../../src/db/schema';
import { translate } from '../../src/i18n/messages';
import type { SandboxPaymentProvider } from '../../src/platform/payments/sandbox-provider';
import { createGoods, createPlayer, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';

/**
 * The sandbox's checkout page in the buyer's language: the language the app bought in travels in the checkout link
 * beside its signature (which still covers the order alone), the page reads Accept-Language without it, and Hebrew
 * and Arabic read right to left.
 */

let t: TestApp;
let goodsId: number;
let buyer: number;
let token: string;
beforeAll(async () => {
  t = await build();
  goodsId = await createGoods(t.db, { name: '1000 钻石', category: '钻石套餐' });
  await t.db
    .update(goods)
    .set({ names: { en: '1000 Diamonds', ar: '1000 ماسة', he: '1000 יהלומים', ja: 'ダイヤ1000個' } })
    .where(eq(goods.id, goodsId));
  buyer = await createPlayer(t.db);
  token = await signIn(t.app, t.db, buyer);
});
afterAll(async () => t.close());

/** The player buys the package in the app's language `lang`: its checkout link, path and query. */
async function buyIn(lang: string) {
  const answer = await api(t.app, 'buyGoods', {
    token,
    input: { goodsId, quantity: 1, requestId: randomUUID() },
    headers: { uid: String(buyer), 'x-lang': lang },
  });
  expect(answer.code, answer.msg).toBe(1);
  const url = new URL(answer.data.payUrl);
  return { orderId: answer.data.orderId, url, path: url.pathname + url.search };
}

async function open(path: string, headers: Record<string, string> = {}) {
  const page = await t.app.inject({ method: 'GET', url: path, headers });
  return { status: page.statusCode, body: page.body, type: page.headers['content-type'] };
}

/** The page's <html> tag's lang and dir. */
function htmlTag(body: string) {
  const tag = /<html lang="([^"]+)" dir="(ltr|rtl)">/.exec(body);
  return tag ? { lang: tag[1], dir: tag[2] } : null;
}

describe('the sandbox checkout page', () => {
  it('reads in the language the buyer bought in: Arabic right to left', async () => {
    const { orderId, url, path } = await buyIn('ar');
    // The language rides beside the signature, which is the order's alone, as before.
    expect(url.searchParams.get('lang')).toBe('ar');
    expect(url.searchParams.get('sig')).toBe(
      (t.app.platform.payments as SandboxPaymentProvider).checkoutSignature(orderId),
    );
    const page = await open(path);
    expect(page.status).toBe(200);
    expect(htmlTag(page.body)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(page.body).toContain(`<title>${translate('ar', 'checkoutTitle')}</title>`);
    expect(page.body).toContain('<bdi>1000 ماسة</bdi> × 1');
    expect(page.body).toContain(`>${translate('ar', 'checkoutPay')}</button>`);
    expect(page.body).toContain(`>${translate('ar', 'checkoutCancel')}</button>`);
    expect(page.body).toContain(`الطلب: <bdi>${orderId}</bdi>`);
    expect(page.body).not.toMatch(/\p{Script=Han}/u);
    // Its forms post back with the same language.
    expect(page.body).toContain(`/pay?sig=${url.searchParams.get('sig')}&amp;lang=ar"`);
  });

  it('reads English and Japanese left to right', async () => {
    const en = await open((await buyIn('en')).path);
    expect(htmlTag(en.body)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(en.body).toContain('<bdi>1000 Diamonds</bdi> × 1');
    expect(en.body).toContain('>Pay</button>');
    expect(en.body).toContain('This is the demo platform&#39;s sandbox payment: no real money is charged.');
    expect(en.body).not.toMatch(/\p{Script=Han}/u);

    const ja = await open((await buyIn('ja')).path);
    expect(htmlTag(ja.body)).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(ja.body).toContain('<bdi>ダイヤ1000個</bdi> × 1');
    expect(ja.body).toContain('>支払う</button>');
  });

  it('without a language in its link reads the browser’s, and Chinese by default', async () => {
    const { path } = await buyIn('cn');
    const bare = path.replace(/&lang=[^&]*/, '');
    expect(bare).not.toContain('lang=');
    const he = await open(bare, { 'accept-language': 'he-IL,he;q=0.9,en;q=0.5' });
    expect(htmlTag(he.body)).toEqual({ lang: 'he', dir: 'rtl' });
    expect(he.body).toContain(`>${translate('he', 'checkoutPay')}</button>`);
    // The goods' name is the order's, as the buyer saw it: Chinese here.
    expect(he.body).toContain('<bdi>1000 钻石</bdi> × 1');

    const cn = await open(bare);
    expect(htmlTag(cn.body)).toEqual({ lang: 'zh-CN', dir: 'ltr' });
    expect(cn.body).toContain('>确认支付</button>');
    // A language the product does not have is no language: the browser's is read.
    const unknown = await open(`${bare}&lang=xx`, { 'accept-language': 'fr-FR' });
    expect(htmlTag(unknown.body)).toEqual({ lang: 'fr', dir: 'ltr' });
    expect(unknown.body).toContain('>Payer</button>');
    // A language tag in the link reads as its locale; anything else in it goes nowhere near the page.
    const tagged = await open(`${bare}&lang=de-AT`);
    expect(htmlTag(tagged.body)).toEqual({ lang: 'de', dir: 'ltr' });
    const hostile = await open(`${bare}&lang=${encodeURIComponent('"><b>x')}`);
    expect(hostile.status).toBe(200);
    expect(hostile.body).not.toContain('<b>x');
  });

  it('refuses a forged link and an unknown order in the link’s language', async () => {
    const { path } = await buyIn('ru');
    const forged = await open(path.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`));
    expect(forged.status).toBe(403);
    expect(forged.type).toBe('text/plain; charset=utf-8');
    expect(forged.body).toBe('Эта ссылка на оплату недействительна');
    const sandbox = t.app.platform.payments as SandboxPaymentProvider;
    const missing = await open(
      `/api/pay/sandbox/checkout/P404?sig=${sandbox.checkoutSignature('P404')}&lang=ko`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toBe(translate('ko', 'orderNotFound'));
    const posted = await t.app.inject({
      method: 'POST',
      url: path.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`).replace('?', '/pay?'),
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.body).toBe('Эта ссылка на оплату недействительна');
  });

  it('pays through the link with its language, then tells why the order cannot be paid again, in Hebrew', async () => {
    const { orderId, path } = await buyIn('he');
    const paid = await t.app.inject({
      method: 'POST',
      url: path.replace('?', '/pay?'),
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://promoter.test/#/agent/query-order?orderId=${orderId}`);
    const page = await open(path);
    expect(htmlTag(page.body)).toEqual({ lang: 'he', dir: 'rtl' });
    expect(page.body).toContain(
      `<p data-testid="checkout-closed" data-status="paid">${translate('he', 'checkoutPaid')}</p>`,
    );
    expect(page.body).not.toContain('checkout-pay');

    const cancelled = await buyIn('sp');
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId));
    expect((await open(cancelled.path)).body).toContain('Este pedido se canceló y no se puede pagar');
  });
});
