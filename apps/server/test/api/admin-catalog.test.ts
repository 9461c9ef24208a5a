import { randomUUID } from 'node:crypto';
import {
  calls,
  EDITABLE_OPTION_KEYS,
  type EditableOptionKey,
  ResponseCode,
  type TAdminCategory,
  type TAdminGoods,
} from '@promoter/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, auditLog, options, orders } from '../../src/db/schema';
import type { SandboxPaymentProvider } from '../../src/platform/payments/sandbox-provider';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/platform/payments/sandbox-provider';
import { createAgent, createPlayer, signIn } from '../factories';
import { api, apiUnchecked } from '../helper';
import { asOperator } from '../operator-factories';
import { adminApi, signInOperators, useAdminTestApp } from './admin-support';
import { accountValue, agentOwner, expectInvalid, expectRefusal, playerOwner } from './money-support';

/**
 * Prices, rates, goods, options and orders in the console (decision 018): the settings with their rules and history,
 * the catalog with names per language, and the orders' list and page.
 */
const t = useAdminTestApp({ checkLedger: true });
const admin = adminApi(t);
let owner: string;
let owner2: string;
let finance: string;
let support: string;
let viewer: string;
beforeAll(async () => {
  [owner, owner2, finance, support, viewer] = await signInOperators(t, [
    'owner',
    'owner',
    'finance',
    'support',
    'viewer',
  ]);
});

const FORBIDDEN = (right: string) => `您的角色没有此操作的权限（${right}）`;

async function settings(token = owner): Promise<Record<EditableOptionKey, string>> {
  const answer = await admin('adminOptionsGet', token, {});
  expect(answer.code, answer.msg).toBe(1);
  return Object.fromEntries(answer.data.list.map((entry) => [entry.key, entry.value])) as Record<
    EditableOptionKey,
    string
  >;
}

/** Changes settings as the owner saw them just before. */
async function change(values: Partial<Record<EditableOptionKey, string>>, token = owner) {
  const now = await settings();
  return admin('adminOptionsUpdate', token, {
    reason: '测试',
    changes: Object.entries(values).map(([key, value]) => ({
      key: key as EditableOptionKey,
      value: value as string,
      seen: now[key as EditableOptionKey],
    })),
  });
}

const auditOf = (action: string, targetId?: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), targetId ? eq(auditLog.targetId, targetId) : undefined))
    .orderBy(auditLog.id);

/** The shop as a signed-in account sees it, in a language. */
async function shopOf(playerId: number, lang?: string) {
  const answer = await api(t.app, 'shopCategories', {
    token: await signIn(t.app, t.db, playerId),
    headers: { uid: String(playerId), ...(lang ? { 'x-lang': lang } : {}) },
  });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.list;
}

async function buy(playerId: number, goodsId: number, lang?: string) {
  const answer = await api(t.app, 'buyGoods', {
    token: await signIn(t.app, t.db, playerId),
    input: { goodsId, quantity: 1, requestId: randomUUID() },
    headers: { uid: String(playerId), ...(lang ? { 'x-lang': lang } : {}) },
  });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
}

/** The provider's notification that the order was paid, as the sandbox signs it. */
async function pay(orderId: string, amountFen: number) {
  const sandbox = t.app.platform.payments as SandboxPaymentProvider;
  const { body, signature } = sandbox.notification({
    orderId,
    providerRef: `T-${randomUUID()}`,
    amountFen,
    paid: true,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/notify',
    payload: body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  });
  expect(response.statusCode).toBe(200);
}

// ---- settings ---------------------------------------------------------------------------------------------------------

describe('the settings', () => {
  beforeEach(async () => {
    await t.db.delete(options).where(inArray(options.key, [...EDITABLE_OPTION_KEYS]));
  });

  it('answers every editable setting, on its default until one is set, to every role that reads', async () => {
    for (const token of [owner, finance, support, viewer]) {
      const answer = await admin('adminOptionsGet', token, {});
      expect(answer.code, answer.msg).toBe(1);
      expect(answer.data.list.map((entry) => entry.key)).toEqual([...EDITABLE_OPTION_KEYS]);
      expect(answer.data.list.find((entry) => entry.key === 'price.level2')).toEqual({
        key: 'price.level2',
        value: '0.60',
        isDefault: true,
        updatedAt: null,
      });
    }
  });

  it('changes several settings at once, normalized, each audited with before and after', async () => {
    const answer = await change({
      'price.level2': ' 0.65 ',
      // The same value written otherwise is no change.
      'price.level3': '0.7',
      'commission.level1': '32.50',
      'withdraw.dailyCount': '05',
      'platform.timezone': 'asia/tokyo',
      'shop.url': 'https://shop.example.com/diamonds?from=agent',
      'register.open': 'false',
      'theme.brandColor': '#1e88e5',
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminOptionsUpdate.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data.changed.sort()).toEqual(
      [
        'commission.level1',
        'platform.timezone',
        'price.level2',
        'register.open',
        'shop.url',
        'theme.brandColor',
        'withdraw.dailyCount',
      ].sort(),
    );
    const now = await settings();
    expect(now['price.level2']).toBe('0.65');
    expect(now['commission.level1']).toBe('32.5');
    expect(now['withdraw.dailyCount']).toBe('5');
    expect(now['platform.timezone']).toBe('Asia/Tokyo');
    expect(now['theme.brandColor']).toBe('#1e88e5');
    const level2 = (await admin('adminOptionsGet', viewer, {})).data.list.find(
      (e) => e.key === 'price.level2',
    );
    expect(level2?.isDefault).toBe(false);
    expect(level2?.updatedAt).not.toBeNull();

    const [entry] = (await auditOf('options.update', 'price.level2')).slice(-1);
    expect(entry).toMatchObject({
      targetType: 'option',
      before: { value: '0.60', isDefault: true },
      after: { value: '0.65' },
    });
    // The public ones are read by anyone at once: the server keeps no copy of the options.
    const registerOpen = await api(t.app, 'getOptionsByKey', { input: { key: 'register.open' } });
    expect(registerOpen.data).toEqual({ key: 'register.open', value: 'false' });
  });

  it('keeps the history of a setting: who, when, from where, before and after, newest first', async () => {
    expect((await change({ 'withdraw.min': '120' })).code).toBe(1);
    expect((await change({ 'withdraw.min': '150.5' }, owner2)).code).toBe(1);
    const history = await admin('adminOptionsHistory', viewer, { key: 'withdraw.min', pageSize: 1 });
    expect(history.code, history.msg).toBe(1);
    expect(history.data.total).toBeGreaterThanOrEqual(2);
    expect(history.data.list).toHaveLength(1);
    expect(history.data.list[0]).toMatchObject({ key: 'withdraw.min', before: '120.00', after: '150.50' });
    expect(history.data.list[0]?.operatorName).toMatch(/^owner-/);
    expect(history.data.list[0]?.address).toBe('127.0.0.1');
    const page2 = await admin('adminOptionsHistory', viewer, { key: 'withdraw.min', pageSize: 1, page: 2 });
    expect(page2.data.list[0]).toMatchObject({ before: '100.00', after: '120.00' });
    const all = await admin('adminOptionsHistory', viewer, {});
    expect(all.data.list.every((item) => EDITABLE_OPTION_KEYS.includes(item.key))).toBe(true);
  });

  it('writes nothing for a value that is already so', async () => {
    const before = (await auditOf('options.update')).length;
    const answer = await change({ 'price.retail': '1' });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data.changed).toEqual([]);
    expect((await auditOf('options.update')).length).toBe(before);
    expect((await t.db.select().from(options).where(eq(options.key, 'price.retail'))).length).toBe(0);
  });

  it('refuses a change made on an older read, naming the setting, and writes nothing of the set', async () => {
    expect((await change({ 'price.level3': '0.75' })).code).toBe(1);
    const answer = await admin('adminOptionsUpdate', owner, {
      reason: '测试',
      changes: [
        { key: 'price.retail', value: '1.20', seen: '1.00' },
        { key: 'price.level3', value: '0.80', seen: '0.70' },
      ],
    });
    expectRefusal(answer, '以下设置已被他人修改：price.level3，请刷新后重试');
    const now = await settings();
    expect(now['price.retail']).toBe('1.00');
    expect(now['price.level3']).toBe('0.75');
  });

  it('keeps each level’s price at or above the level above it, retail above level 3', async () => {
    expectRefusal(
      await change({ 'price.level2': '0.45' }),
      '2 级推广员的单价 0.45 元不能低于 1 级的 0.50 元',
    );
    expectRefusal(
      await change({ 'price.level1': '0.65' }),
      '2 级推广员的单价 0.60 元不能低于 1 级的 0.65 元',
    );
    expectRefusal(
      await change({ 'price.level3': '0.55' }),
      '3 级推广员的单价 0.55 元不能低于 2 级的 0.60 元',
    );
    expectRefusal(
      await change({ 'price.retail': '0.69' }),
      '零售价 0.69 元不能低于 3 级推广员的单价 0.70 元',
    );
    // Moved together, the whole set is what counts: all up at once is fine.
    const answer = await change({
      'price.level1': '0.80',
      'price.level2': '0.90',
      'price.level3': '1.00',
      'price.retail': '1.00',
    });
    expect(answer.code, answer.msg).toBe(1);
    const en = await apiUnchecked(t.app, 'adminOptionsUpdate', {
      input: { reason: '测试', changes: [{ key: 'price.level3', value: '0.85', seen: '1.00' }] },
      headers: { ...asOperator(owner).headers, 'x-lang': 'en' },
    });
    expectRefusal(en, 'The price of level 3 (0.85) cannot be below the price of level 2 (0.90)');
  });

  it('keeps commission rates falling down the levels', async () => {
    expectRefusal(
      await change({ 'commission.level2': '31' }),
      '2 级推广员的佣金比例 31% 不能高于 1 级的 30%',
    );
    expectRefusal(
      await change({ 'commission.level3': '25.5' }),
      '3 级推广员的佣金比例 25.5% 不能高于 2 级的 25%',
    );
    expect((await change({ 'commission.level1': '40', 'commission.level2': '35' })).code).toBe(1);
    expect((await change({ 'commission.level3': '0' })).code).toBe(1);
  });

  it('refuses a value that breaks its own rule with 400, naming the field', async () => {
    const bad = async (key: EditableOptionKey, value: string) =>
      expectInvalid(
        await apiUnchecked(t.app, 'adminOptionsUpdate', {
          input: { reason: '测试', changes: [{ key, value, seen: 'x' }] },
          ...asOperator(owner),
        }),
        'changes',
      );
    await bad('price.level1', '0');
    await bad('price.level1', '1000.01');
    await bad('price.level1', '0.555');
    await bad('commission.level1', '100.01');
    await bad('commission.level1', '-1');
    await bad('withdraw.feeRate', '100');
    await bad('withdraw.min', '0');
    await bad('withdraw.dailyCount', '0');
    await bad('withdraw.dailyCount', '101');
    await bad('withdraw.reviewThreshold', '0.00');
    await bad('register.open', 'yes');
    await bad('shop.url', 'javascript:alert(1)');
    await bad('shop.url', 'ftp://example.com');
    await bad('platform.timezone', 'Mars/Olympus');
    await bad('platform.timezone', 'Asia/Shanghai; drop table options');
    await bad('theme.brandColor', '#12345');
    await bad('theme.brandColor', 'red');
    expectInvalid(
      await apiUnchecked(t.app, 'adminOptionsUpdate', {
        input: { reason: '测试', changes: [{ key: 'no.such.key', value: '1', seen: '1' }] },
        ...asOperator(owner),
      }),
      'changes',
    );
    expectInvalid(
      await apiUnchecked(t.app, 'adminOptionsUpdate', {
        input: {
          reason: '测试',
          changes: [
            { key: 'price.level1', value: '0.50', seen: '0.50' },
            { key: 'price.level1', value: '0.40', seen: '0.50' },
          ],
        },
        ...asOperator(owner),
      }),
      'changes',
    );
    expectInvalid(
      await apiUnchecked(t.app, 'adminOptionsUpdate', {
        input: { reason: '测试', changes: [] },
        ...asOperator(owner),
      }),
      'changes',
    );
    // Without a reason nothing changes (decision 037).
    expectInvalid(
      await apiUnchecked(t.app, 'adminOptionsUpdate', {
        input: { changes: [{ key: 'price.level1', value: '0.45', seen: '0.50' }] },
        ...asOperator(owner),
      }),
      'reason',
    );
    // Empty turns the shop's link off; the app's own links are taken.
    expect((await change({ 'shop.url': '#/mine/recharge' })).code).toBe(1);
    expect((await change({ 'shop.url': '' })).code).toBe(1);
  });

  it('is changed by the owner only; every role reads it', async () => {
    for (const token of [finance, support, viewer]) {
      const answer = await change({ 'price.level2': '0.61' }, token);
      expect({ code: answer.code, msg: answer.msg }).toEqual({
        code: ResponseCode.operatorForbidden,
        msg: FORBIDDEN('operators.manage'),
      });
      expect((await admin('adminOptionsHistory', token, {})).code).toBe(1);
    }
    expect((await settings())['price.level2']).toBe('0.60');
  });

  it('of two operators changing a setting at once, one changes it and the other is told', async () => {
    const before = (await auditOf('options.update', 'price.level2')).length;
    const [a, b] = await Promise.all([
      admin('adminOptionsUpdate', owner, {
        reason: '测试',
        changes: [{ key: 'price.level2', value: '0.62', seen: '0.60' }],
      }),
      admin('adminOptionsUpdate', owner2, {
        reason: '测试',
        changes: [{ key: 'price.level2', value: '0.65', seen: '0.60' }],
      }),
    ]);
    const answers = [a, b];
    const won = answers.filter((answer) => answer.code === 1);
    const lost = answers.filter((answer) => answer.code !== 1);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expectRefusal(lost[0] as (typeof answers)[number], '以下设置已被他人修改：price.level2，请刷新后重试');
    const winner = won[0] === a ? '0.62' : '0.65';
    expect((await settings())['price.level2']).toBe(winner);
    expect((await auditOf('options.update', 'price.level2')).length).toBe(before + 1);
  });

  it('two changes that each keep the rules cannot break them together', async () => {
    for (let round = 0; round < 4; round++) {
      await t.db.delete(options).where(inArray(options.key, [...EDITABLE_OPTION_KEYS]));
      // Alone, each is fine (0.58 <= 0.60; 0.50 <= 0.55); together level 1 would sell above level 2.
      const [a, b] = await Promise.all([
        admin('adminOptionsUpdate', owner, {
          reason: '测试',
          changes: [{ key: 'price.level1', value: '0.58', seen: '0.50' }],
        }),
        admin('adminOptionsUpdate', owner2, {
          reason: '测试',
          changes: [{ key: 'price.level2', value: '0.55', seen: '0.60' }],
        }),
      ]);
      expect([a.code, b.code].sort()).toEqual([0, 1]);
      expectRefusal((a.code === 0 ? a : b) as typeof a, '2 级推广员的单价 0.55 元不能低于 1 级的 0.58 元');
      const now = await settings();
      expect(Number(now['price.level1'])).toBeLessThanOrEqual(Number(now['price.level2']));
    }
  });

  it('a new level price reaches the shop of an agent of that level without its own price at once', async () => {
    const diamond = await createAgent(t.db, { level: 1 });
    const gold = await createAgent(t.db, { level: 2, parentId: diamond.agentId });
    const priced = await createAgent(t.db, { level: 2, parentId: diamond.agentId });
    await t.db.update(agents).set({ priceFen: 58 }).where(eq(agents.id, priced.agentId));
    const goodsId = await newGoods({ diamonds: 100 });
    const priceOf = async (playerId: number) =>
      (await shopOf(playerId)).flatMap((c) => c.goods).find((g) => g.id === goodsId)?.price;
    expect(await priceOf(gold.playerId)).toBe('60.00');
    expect((await change({ 'price.level2': '0.66' })).code).toBe(1);
    expect(await priceOf(gold.playerId)).toBe('66.00');
    // A price its parent set stays the agent's own.
    expect(await priceOf(priced.playerId)).toBe('58.00');
  });
});

// ---- catalog ----------------------------------------------------------------------------------------------------------

async function newCategory(name = `分类-${randomUUID().slice(0, 6)}`, names = {}): Promise<TAdminCategory> {
  const answer = await admin('adminCategorySave', owner, { name, names });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
}

async function newGoods(
  values: Partial<{ categoryId: number; name: string; diamonds: number; active: boolean }> & {
    names?: Record<string, string>;
  } = {},
): Promise<number> {
  const categoryId = values.categoryId ?? (await newCategory()).id;
  const answer = await admin('adminGoodsSave', owner, {
    categoryId,
    name: values.name ?? '1000 钻石',
    names: values.names ?? {},
    image: '',
    diamonds: values.diamonds ?? 1000,
    active: values.active ?? true,
  });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.id;
}

async function goodsRow(id: number): Promise<TAdminGoods> {
  const list = (await admin('adminGoodsList', viewer, {})).data.list;
  const found = list.find((item) => item.id === id);
  if (!found) throw new Error(`goods ${id} not listed`);
  return found;
}

describe('categories', () => {
  it('are created last, renamed against the revision read, with names per language; audited', async () => {
    const first = await newCategory('钻石套餐', { en: ' Diamond packs ', ja: '' });
    expect(first.names).toEqual({ en: 'Diamond packs' });
    const second = await newCategory('特惠');
    expect(second.sort).toBeGreaterThan(first.sort);
    const renamed = await admin('adminCategorySave', owner, {
      id: first.id,
      revision: first.revision,
      name: '钻石礼包',
      names: { en: 'Diamond bundles', ko: '다이아몬드 묶음' },
    });
    expect(renamed.code, renamed.msg).toBe(1);
    expect(renamed.data).toMatchObject({
      name: '钻石礼包',
      names: { en: 'Diamond bundles', ko: '다이아몬드 묶음' },
    });
    expect(renamed.data.revision).not.toBe(first.revision);
    // The first read is stale now.
    expectRefusal(
      await admin('adminCategorySave', owner, {
        id: first.id,
        revision: first.revision,
        name: 'x',
        names: {},
      }),
      '该内容已被他人修改，请刷新后重试',
    );
    const [audit] = (await auditOf('category.update', String(first.id))).slice(-1);
    expect(audit).toMatchObject({
      before: { name: '钻石套餐', names: { en: 'Diamond packs' } },
      after: { name: '钻石礼包', names: { en: 'Diamond bundles', ko: '다이아몬드 묶음' } },
    });
    expect((await auditOf('category.create', String(second.id))).length).toBe(1);
    expectInvalid(
      await apiUnchecked(t.app, 'adminCategorySave', {
        input: { name: 'x', names: { xx: 'bad' } },
        ...asOperator(owner),
      }),
      'names',
    );
    expectInvalid(
      await apiUnchecked(t.app, 'adminCategorySave', {
        input: { id: first.id, name: 'x', names: {} },
        ...asOperator(owner),
      }),
      'revision',
    );
  });

  it('are put in a new order: every category, each once', async () => {
    const listed = (await admin('adminCategoryList', viewer, {})).data.list.map((c) => c.id);
    const reversed = [...listed].reverse();
    const answer = await admin('adminCategoryReorder', owner, { ids: reversed });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data.list.map((c) => c.id)).toEqual(reversed);
    expect((await admin('adminCategoryList', viewer, {})).data.list.map((c) => c.id)).toEqual(reversed);
    const [audit] = (await auditOf('category.reorder')).slice(-1);
    expect(audit).toMatchObject({ before: { order: listed }, after: { order: reversed } });
    expectRefusal(
      await admin('adminCategoryReorder', owner, { ids: reversed.slice(1) }),
      `排序须包含全部 ${listed.length} 项且每项一次，请刷新后重试`,
    );
    expectInvalid(
      await apiUnchecked(t.app, 'adminCategoryReorder', {
        input: { ids: [listed[0], listed[0]] },
        ...asOperator(owner),
      }),
      'ids',
    );
  });

  it('is deleted only when it holds no goods at all', async () => {
    const full = await newCategory();
    const goodsId = await newGoods({ categoryId: full.id, active: false });
    const fresh = (await admin('adminCategoryList', viewer, {})).data.list.find((c) => c.id === full.id);
    expect(fresh?.goodsCount).toBe(1);
    expectRefusal(
      await admin('adminCategoryDelete', owner, { id: full.id, revision: full.revision }),
      '该分类下还有 1 个商品，不能删除',
    );
    const empty = await newCategory();
    expect((await admin('adminCategoryDelete', owner, { id: empty.id, revision: empty.revision })).code).toBe(
      1,
    );
    expect((await admin('adminCategoryList', viewer, {})).data.list.some((c) => c.id === empty.id)).toBe(
      false,
    );
    expect((await auditOf('category.delete', String(empty.id)))[0]?.before).toMatchObject({
      name: empty.name,
    });
    expectRefusal(
      await admin('adminCategoryDelete', owner, { id: empty.id, revision: empty.revision }),
      '商品分类不存在',
    );
    expect(goodsId).toBeGreaterThan(0);
  });
});

describe('goods', () => {
  it('are created last in their category, edited against the revision, listed on sale or not; audited', async () => {
    const category = await newCategory();
    const a = await newGoods({ categoryId: category.id, diamonds: 100 });
    const b = await newGoods({ categoryId: category.id, diamonds: 300, active: false });
    const listed = (await admin('adminGoodsList', viewer, { categoryId: category.id })).data.list;
    expect(listed.map((item) => [item.id, item.active])).toEqual([
      [a, true],
      [b, false],
    ]);
    const counted = (await admin('adminCategoryList', viewer, {})).data.list.find(
      (c) => c.id === category.id,
    );
    expect(counted?.goodsCount).toBe(2);
    const row = await goodsRow(a);
    const edited = await admin('adminGoodsSave', owner, {
      id: a,
      revision: row.revision,
      categoryId: category.id,
      name: '120 钻石',
      names: { en: '120 diamonds', ar: '120 ماسة' },
      image: 'https://cdn.example.com/d120.png',
      diamonds: 120,
      active: true,
    });
    expect(edited.code, edited.msg).toBe(1);
    expect(edited.data).toMatchObject({
      name: '120 钻石',
      diamonds: 120,
      image: 'https://cdn.example.com/d120.png',
    });
    const [audit] = await auditOf('goods.update', String(a));
    expect(audit).toMatchObject({
      before: { name: '1000 钻石', diamonds: 100, image: '' },
      after: { name: '120 钻石', diamonds: 120, names: { en: '120 diamonds', ar: '120 ماسة' } },
    });
    expectRefusal(
      await admin('adminGoodsSave', owner, { ...edited.data, revision: row.revision }),
      '该内容已被他人修改，请刷新后重试',
    );
    expectRefusal(
      await admin('adminGoodsSave', owner, { ...edited.data, categoryId: 999_999 }),
      '商品分类不存在',
    );
    expectRefusal(await admin('adminGoodsSave', owner, { ...edited.data, id: 999_999 }), '商品不存在');
    for (const [field, value] of [
      ['diamonds', 0],
      ['diamonds', 1_000_001],
      ['image', 'javascript:alert(1)'],
      ['image', 'http://cdn.example.com/plain.png'],
      ['name', ''],
    ] as const)
      expectInvalid(
        await apiUnchecked(t.app, 'adminGoodsSave', {
          input: { ...edited.data, [field]: value },
          ...asOperator(owner),
        }),
        field,
      );
  });

  it('move to the end of another category', async () => {
    const from = await newCategory();
    const to = await newCategory();
    const staying = await newGoods({ categoryId: to.id });
    const moving = await newGoods({ categoryId: from.id });
    const row = await goodsRow(moving);
    const moved = await admin('adminGoodsSave', owner, { ...row, categoryId: to.id });
    expect(moved.code, moved.msg).toBe(1);
    const listed = (await admin('adminGoodsList', viewer, { categoryId: to.id })).data.list.map((g) => g.id);
    expect(listed).toEqual([staying, moving]);
  });

  it('go on and off sale as a compare-and-set: the shop lists only what is on sale', async () => {
    const player = await createPlayer(t.db);
    const id = await newGoods();
    const off = await admin('adminGoodsSetActive', owner, { id, active: false });
    expect(off.data.active).toBe(false);
    expect((await shopOf(player)).flatMap((c) => c.goods).some((g) => g.id === id)).toBe(false);
    // Asking for the state it is in changes nothing and records nothing.
    const audits = (await auditOf('goods.setActive', String(id))).length;
    expect((await admin('adminGoodsSetActive', owner, { id, active: false })).code).toBe(1);
    expect((await auditOf('goods.setActive', String(id))).length).toBe(audits);
    expect((await admin('adminGoodsSetActive', owner, { id, active: true })).data.active).toBe(true);
    expect((await shopOf(player)).flatMap((c) => c.goods).some((g) => g.id === id)).toBe(true);
    expect((await auditOf('goods.setActive', String(id))).map((a) => a.after)).toEqual([
      { active: false },
      { active: true },
    ]);
    expectRefusal(await admin('adminGoodsSetActive', owner, { id: 999_999, active: true }), '商品不存在');
  });

  it('are put in a new order within their category', async () => {
    const category = await newCategory();
    const ids = [await newGoods({ categoryId: category.id }), await newGoods({ categoryId: category.id })];
    ids.push(await newGoods({ categoryId: category.id }));
    const wanted = [ids[2], ids[0], ids[1]] as number[];
    const answer = await admin('adminGoodsReorder', owner, { categoryId: category.id, ids: wanted });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data.list.map((g) => g.id)).toEqual(wanted);
    const player = await createPlayer(t.db);
    const shown = (await shopOf(player)).find((c) => c.id === category.id)?.goods.map((g) => g.id);
    expect(shown).toEqual(wanted);
    expectRefusal(
      await admin('adminGoodsReorder', owner, { categoryId: category.id, ids: wanted.slice(0, 2) }),
      '排序须包含全部 3 项且每项一次，请刷新后重试',
    );
    expectRefusal(
      await admin('adminGoodsReorder', owner, { categoryId: 999_999, ids: wanted }),
      '商品分类不存在',
    );
  });

  it('of two edits made on the same read, one is saved and the other told', async () => {
    const id = await newGoods();
    const row = await goodsRow(id);
    const [a, b] = await Promise.all([
      admin('adminGoodsSave', owner, { ...row, name: 'A 改名' }),
      admin('adminGoodsSave', owner2, { ...row, name: 'B 改名' }),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect((a.code === 0 ? a : b).msg).toBe('该内容已被他人修改，请刷新后重试');
    expect((await goodsRow(id)).name).toBe(a.code === 1 ? 'A 改名' : 'B 改名');
  });

  it('are changed by the owner only; every role reads them', async () => {
    const id = await newGoods();
    for (const token of [finance, support, viewer]) {
      expect((await admin('adminGoodsList', token, {})).code).toBe(1);
      expect((await admin('adminCategoryList', token, {})).code).toBe(1);
      const answer = await admin('adminGoodsSetActive', token, { id, active: false });
      expect(answer.msg).toBe(FORBIDDEN('operators.manage'));
    }
    expect((await goodsRow(id)).active).toBe(true);
  });
});

describe('the shop in the caller’s language', () => {
  it('names goods and categories in the request’s language, Chinese where none was written', async () => {
    const category = await newCategory('热卖', { en: 'Best sellers' });
    const id = await newGoods({
      categoryId: category.id,
      name: '500 钻石',
      names: { en: '500 diamonds', fr: '500 diamants' },
    });
    const gold = await createAgent(t.db, { level: 2 });
    const find = async (lang?: string) => {
      const list = await shopOf(gold.playerId, lang);
      const found = list.find((c) => c.id === category.id);
      return { category: found?.name, goods: found?.goods.find((g) => g.id === id)?.name };
    };
    expect(await find('en')).toEqual({ category: 'Best sellers', goods: '500 diamonds' });
    expect(await find('fr')).toEqual({ category: '热卖', goods: '500 diamants' });
    expect(await find('ja')).toEqual({ category: '热卖', goods: '500 钻石' });
    expect(await find()).toEqual({ category: '热卖', goods: '500 钻石' });
    // Accept-Language counts when the app sends no X-Lang.
    const byHeader = await api(t.app, 'shopCategories', {
      token: await signIn(t.app, t.db, gold.playerId),
      headers: { uid: String(gold.playerId), 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(byHeader.data.list.find((c) => c.id === category.id)?.name).toBe('Best sellers');

    // The order keeps the name as its buyer saw it; a later rename changes nothing there.
    const bought = await buy(gold.playerId, id, 'en');
    const row = await goodsRow(id);
    expect((await admin('adminGoodsSave', owner, { ...row, names: { en: '500 gems' } })).code).toBe(1);
    const order = await api(t.app, 'orderQuery', {
      token: await signIn(t.app, t.db, gold.playerId),
      input: { orderId: bought.orderId },
      headers: { uid: String(gold.playerId) },
    });
    expect(order.data.goods.name).toBe('500 diamonds');
  });
});

// ---- orders -----------------------------------------------------------------------------------------------------------

describe('an order in flight', () => {
  it('keeps what it was sold at when the goods and the prices change before its payment lands', async () => {
    await t.db.delete(options).where(inArray(options.key, [...EDITABLE_OPTION_KEYS]));
    const diamond = await createAgent(t.db, { level: 1, nickname: '钻石甲' });
    const gold = await createAgent(t.db, { level: 2, parentId: diamond.agentId, nickname: '黄金乙' });
    const id = await newGoods({ name: '1000 钻石', diamonds: 1000 });
    const order = await buy(gold.playerId, id);
    expect(order.amount).toBe('600.00');

    // Meanwhile the owner reprices the goods and the levels, and takes the goods off sale.
    const row = await goodsRow(id);
    expect((await admin('adminGoodsSave', owner, { ...row, diamonds: 2000, name: '2000 钻石' })).code).toBe(
      1,
    );
    expect((await change({ 'price.level1': '0.55', 'price.level2': '0.70' })).code).toBe(1);
    expect((await admin('adminGoodsSetActive', owner, { id, active: false })).code).toBe(1);

    const before = {
      gold: await accountValue(t.db, agentOwner(gold.agentId), 'diamonds'),
      diamond: await accountValue(t.db, agentOwner(diamond.agentId), 'balance'),
    };
    await pay(order.orderId, 60_000);
    // 1000 diamonds as sold, and (0.60 - 0.50) x 1000 to the parent: the prices frozen on the order.
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'diamonds')).toBe(before.gold + 1000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(before.diamond + 10_000);

    const detail = await admin('adminOrderDetail', viewer, { orderId: order.orderId });
    expect(detail.code, detail.msg).toBe(1);
    expect(calls.adminOrderDetail.data.parse(detail.data)).toEqual(detail.data);
    expect(detail.data.order).toMatchObject({
      id: order.orderId,
      status: 'paid',
      buyer: 'agent',
      agentId: gold.agentId,
      goodsName: '1000 钻石',
      diamonds: 1000,
      unitPrice: '0.60',
      amount: '600.00',
    });
    expect(detail.data.order.providerRef).toMatch(/^T-/);
    expect(detail.data.pricing).toEqual({
      buyer: 'agent',
      chain: [
        { agentId: gold.agentId, nickname: '黄金乙', level: 2, price: '0.60', rate: null },
        { agentId: diamond.agentId, nickname: '钻石甲', level: 1, price: '0.50', rate: null },
      ],
    });
    expect(detail.data.notifications).toHaveLength(1);
    expect(detail.data.notifications[0]).toMatchObject({
      outcome: 'delivered',
      amount: '600.00',
      source: 'notification',
    });
    expect(
      detail.data.entries.map((e) => [e.ownerType, e.ownerId, e.nickname, e.currency, e.billType, e.amount]),
    ).toEqual([
      ['agent', gold.agentId, '黄金乙', 'diamonds', 1, '1000'],
      ['agent', diamond.agentId, '钻石甲', 'balance', 5, '100.00'],
    ]);

    // A new purchase pays the new terms (once the goods are on sale again).
    expect((await admin('adminGoodsSetActive', owner, { id, active: true })).code).toBe(1);
    expect((await buy(gold.playerId, id)).amount).toBe('1400.00');
  });

  it('of a bound player shows the commission shares it paid, rates as frozen', async () => {
    await t.db.delete(options).where(inArray(options.key, [...EDITABLE_OPTION_KEYS]));
    const top = await createAgent(t.db, { level: 1 });
    const mid = await createAgent(t.db, { level: 2, parentId: top.agentId });
    const player = await createPlayer(t.db, { boundAgentId: mid.agentId, nickname: '小玩家' });
    const id = await newGoods({ diamonds: 100 });
    const order = await buy(player, id);
    expect((await change({ 'commission.level1': '35' })).code).toBe(1);
    await pay(order.orderId, 10_000);
    // Its agent's level changes after the sale: the order still shows the level it was sold at (decision 037).
    const promoted = await admin('adminAgentChangeLevel', owner, {
      agentId: mid.agentId,
      level: 3,
      expectedLevel: 2,
      reason: '调整',
    });
    expect(promoted.code, promoted.msg).toBe(1);
    const detail = await admin('adminOrderDetail', viewer, { orderId: order.orderId });
    expect(detail.data.pricing?.chain.map((link) => link.level)).toEqual([2, 1]);
    expect(detail.data.payer).toMatchObject({
      playerId: player,
      nickname: '小玩家',
      boundAgentId: mid.agentId,
    });
    expect(detail.data.pricing?.chain.map((link) => [link.agentId, link.rate, link.price])).toEqual([
      [mid.agentId, '25', null],
      [top.agentId, '30', null],
    ]);
    expect(detail.data.entries.map((e) => [e.ownerType, e.ownerId, e.billType, e.amount])).toEqual([
      ['player', player, 1, '100'],
      ['agent', mid.agentId, 5, '25.00'],
      ['agent', top.agentId, 5, '5.00'],
    ]);
    expect(await accountValue(t.db, playerOwner(player), 'diamonds')).toBe(100);
  });
});

describe('the orders list', () => {
  it('filters by id, player, agent, buyer, status and dates on the server, newest first, paged', async () => {
    const agent = await createAgent(t.db, { level: 1 });
    const player = await createPlayer(t.db, { nickname: '查单玩家' });
    const id = await newGoods({ diamonds: 10 });
    const first = await buy(player, id);
    const second = await buy(player, id);
    const third = await buy(agent.playerId, id);
    await t.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, first.orderId));

    const byPlayer = await admin('adminOrderList', viewer, { playerId: player });
    expect(byPlayer.code, byPlayer.msg).toBe(1);
    expect(byPlayer.data.total).toBe(2);
    expect(byPlayer.data.list.map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    expect(byPlayer.data.list[0]).toMatchObject({
      playerNickname: '查单玩家',
      buyer: 'player',
      agentId: null,
      status: 'pending',
      amount: '10.00',
    });
    // Past its time a pending order reads expired, and is found as such.
    expect(byPlayer.data.list[1]?.status).toBe('expired');
    const expired = await admin('adminOrderList', viewer, { playerId: player, status: 'expired' });
    expect(expired.data.list.map((o) => o.id)).toEqual([first.orderId]);
    const pending = await admin('adminOrderList', viewer, { playerId: player, status: 'pending' });
    expect(pending.data.list.map((o) => o.id)).toEqual([second.orderId]);

    expect(
      (await admin('adminOrderList', viewer, { orderId: third.orderId })).data.list.map((o) => o.id),
    ).toEqual([third.orderId]);
    const byAgent = await admin('adminOrderList', viewer, { agentId: agent.agentId });
    expect(byAgent.data.list.map((o) => [o.id, o.buyer, o.unitPrice])).toEqual([
      [third.orderId, 'agent', '0.50'],
    ]);
    const agentsOnly = await admin('adminOrderList', viewer, { buyer: 'agent', pageSize: 100 });
    expect(agentsOnly.data.list.every((o) => o.agentId !== null)).toBe(true);

    const page = await admin('adminOrderList', viewer, { pageSize: 1, page: 1 });
    expect(page.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await admin('adminOrderList', viewer, { from: tomorrow })).data.total).toBe(0);
    expect(
      (
        await admin('adminOrderList', viewer, {
          playerId: player,
          to: tomorrow,
          from: '2020-01-01T00:00:00Z',
        })
      ).data.total,
    ).toBe(2);
    const unpaid = await admin('adminOrderDetail', support, { orderId: second.orderId });
    expect(unpaid.data).toMatchObject({ notifications: [], entries: [], payer: { playerId: player } });
    expectRefusal(await admin('adminOrderDetail', viewer, { orderId: 'P-NO-SUCH' }), '订单不存在');
  });

  it('is read by every role but not without a session', async () => {
    for (const token of [owner, finance, support, viewer])
      expect((await admin('adminOrderList', token, {})).code).toBe(1);
    const anonymous = await api(t.app, 'adminOrderList', { input: {} });
    expect(anonymous.code).toBe(ResponseCode.operatorNotSignedIn);
  });
});
