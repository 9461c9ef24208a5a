import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goodsCategories } from '../../src/db/schema';
import { DEMO_CATEGORY, DEMO_PACKAGES } from '../../src/seed/demo-goods';
import { completeDemoGoods, seedDemo } from '../../src/seed/demo-seed';
import { createPlayer, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';

/**
 * The demo's shop in every language: a new demo seeds its category and packages named in all 12, and a demo seeded
 * before that (Chinese names only) is completed at the next start, without touching what an operator named.
 */

let t: TestApp;
let token: string;
let playerId: number;
beforeAll(async () => {
  t = await build();
  playerId = await createPlayer(t.db);
  token = await signIn(t.app, t.db, playerId);
});
afterAll(async () => t.close());

/** The shop as an agent reading `lang` sees it: the category's name, then each package's name by diamonds. */
async function shopIn(app: TestApp, lang: string, caller = { token, playerId }) {
  const answer = await api(app.app, 'shopCategories', {
    token: caller.token,
    headers: { uid: String(caller.playerId), 'x-lang': lang },
  });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.list.map((category) => ({
    name: category.name,
    goods: Object.fromEntries(category.goods.map((item) => [item.diamonds, item.name])),
  }));
}

const demo = (diamonds: number) => DEMO_PACKAGES.find((item) => item.diamonds === diamonds)!;

describe('completing the shop of an older demo', () => {
  it('names the seeded category and packages in every language, keeps what operators named', async () => {
    // As older demos seeded them: Chinese only. Since then an operator renamed the 1000 package in Chinese, named the
    // 300 one in English, and changed the 5000 one's diamonds.
    const [category] = await t.db
      .insert(goodsCategories)
      .values({ name: DEMO_CATEGORY.name, sort: 1 })
      .returning({ id: goodsCategories.id });
    const categoryId = category!.id;
    const operatorsEn = '300 Diamonds, our best seller';
    await t.db.insert(goods).values(
      DEMO_PACKAGES.map((item, i) => ({
        categoryId,
        name: item.diamonds === 1000 ? '1000 钻石（限时特惠）' : item.name,
        names: item.diamonds === 300 ? { en: operatorsEn } : {},
        diamonds: item.diamonds === 5000 ? 5500 : item.diamonds,
        sort: i,
      })),
    );
    const before = await shopIn(t, 'en');
    expect(before[0]?.name).toBe(DEMO_CATEGORY.name);
    expect(before[0]?.goods[100]).toBe(demo(100).name);

    // The category and four packages: 100, 300, 600, 3000.
    expect(await completeDemoGoods(t.db)).toBe(5);

    const en = await shopIn(t, 'en');
    expect(en).toEqual([
      {
        name: 'Diamond packages',
        goods: {
          100: '100 Diamonds',
          300: operatorsEn,
          600: '600 Diamonds',
          1000: '1000 钻石（限时特惠）',
          3000: '3000 Diamonds',
          5500: demo(5000).name,
        },
      },
    ]);
    const ar = await shopIn(t, 'ar');
    expect(ar[0]?.name).toBe(DEMO_CATEGORY.names.ar);
    expect(ar[0]?.goods[100]).toBe('100 ماسة');
    // The operator's English name kept, the other languages added beside it.
    expect(ar[0]?.goods[300]).toBe(demo(300).names.ar);
    expect((await shopIn(t, 'ja'))[0]?.goods[600]).toBe('ダイヤ600個');
    expect((await shopIn(t, 'cn'))[0]?.goods[100]).toBe('100 钻石');

    const renamed = await t.db.select().from(goods).where(eq(goods.diamonds, 1000));
    expect(renamed[0]?.names).toEqual({});
    const resized = await t.db.select().from(goods).where(eq(goods.diamonds, 5500));
    expect(resized[0]?.names).toEqual({});
    // Once complete, nothing more to do.
    expect(await completeDemoGoods(t.db)).toBe(0);

    // A name the operator clears afterwards stays cleared at the next start: that language reads the Chinese name.
    const { ja: _cleared, ...withoutJa } = demo(600).names;
    await t.db.update(goods).set({ names: withoutJa }).where(eq(goods.diamonds, 600));
    expect(await completeDemoGoods(t.db)).toBe(0);
    expect((await shopIn(t, 'ja'))[0]?.goods[600]).toBe(demo(600).name);
    expect((await shopIn(t, 'ko'))[0]?.goods[600]).toBe('다이아 600개');
  });
});

describe('a new demo', () => {
  it('seeds its shop named in every language, with nothing to complete at the next start', async () => {
    const fresh = await build();
    try {
      expect(await seedDemo(fresh.db)).toBe(true);
      const caller = { playerId: 200001, token: await signIn(fresh.app, fresh.db, 200001) };
      expect(await shopIn(fresh, 'en', caller)).toEqual([
        {
          name: 'Diamond packages',
          goods: {
            100: '100 Diamonds',
            300: '300 Diamonds',
            600: '600 Diamonds',
            1000: '1000 Diamonds',
            3000: '3000 Diamonds',
            5000: '5000 Diamonds',
          },
        },
      ]);
      const he = await shopIn(fresh, 'he', caller);
      expect(he[0]?.name).toBe('חבילות יהלומים');
      expect(he[0]?.goods[1000]).toBe('1000 יהלומים');
      expect((await shopIn(fresh, 'cn', caller))[0]?.goods[1000]).toBe('1000 钻石');
      expect(await seedDemo(fresh.db)).toBe(false);
      expect(await completeDemoGoods(fresh.db)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
