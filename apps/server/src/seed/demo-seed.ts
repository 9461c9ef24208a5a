import { BillType, clientLinks, moneyToFen } from '@promoter/contract';
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import {
  agents,
  articles,
  goods,
  goodsCategories,
  inviteOpens,
  options,
  orders,
  type OrderPricing,
  players,
  recharges,
} from '../db/schema';
import {
  type AccountOwner,
  agentOwner as agent,
  type Memo,
  memo,
  playerOwner as player,
  post,
} from '../modules/ledger/ledger-service';
import { OPTION_DEFAULTS } from '../modules/options/options-service';
import { DEMO_ARTICLES } from './demo-articles';
import { DEMO_CATEGORY, DEMO_PACKAGES, type DemoName } from './demo-goods';
import { hashPassword } from '../modules/auth/password-service';

/** The demo players 200001-200008, in order. */
const PLAYER_NAMES = ['小明', '阿强', '老周', '小美', '大熊', '阿杰', '小雨', '游客小陈'];

/** The demo platform's fixed identities: links are printed for these at every start. */
export const DEMO = {
  agentId: 10001,
  agentPlayerId: 100001,
  playerId: 200008,
  agentPassword: 'demo1234',
} as const;

/** A small deterministic generator so every demo platform has the same history. */
function random(seed: number) {
  let state = seed;
  return (min: number, max: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return min + (state % (max - min + 1));
  };
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(agents);
  return (row?.n ?? 0) > 0;
}

/**
 * Seeds the demo platform once, on an empty database: a diamond agent with gold and silver children, bound and
 * unbound players, a month of ledger history written through the ledger (so every account's entries sum to its
 * value), goods, articles and options. On a demo seeded already, completes the languages of its articles and of its
 * shop's names.
 */
export async function seedDemo(db: Db, demoPasswordHash?: Promise<string>): Promise<boolean> {
  if (await isSeeded(db)) {
    await completeDemoArticles(db);
    await completeDemoGoods(db);
    return false;
  }
  // The server hashes the demo password while its database starts; anyone else, here.
  const passwordHash = await (demoPasswordHash ?? hashPassword(DEMO.agentPassword));
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table agents in exclusive mode`);
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(agents);
    if ((again?.n ?? 0) > 0) return;

    await tx
      .insert(options)
      .values(
        Object.entries(OPTION_DEFAULTS).map(([key, o]) => ({ key, value: o.value, isPublic: o.isPublic })),
      )
      .onConflictDoNothing();
    const demoOptions: Record<string, string> = {
      'shop.url': `#${clientLinks.mineRecharge.getHref()}`,
      'download.android': 'https://download.example.com/lg-game/android.apk',
      'download.ios': 'https://download.example.com/lg-game/ios',
    };
    for (const [key, value] of Object.entries(demoOptions)) {
      await tx.update(options).set({ value }).where(eq(options.key, key));
    }

    await tx.insert(players).values([
      { id: 100001, nickname: '王总', mobile: '13800000001', avatar: '' },
      { id: 100002, nickname: '李经理', mobile: '13800000002', avatar: '' },
      { id: 100003, nickname: '张主管', mobile: '13800000003', avatar: '' },
      { id: 100004, nickname: '赵小刘', mobile: '13800000004', avatar: '' },
      { id: 100005, nickname: '孙冻结', mobile: '13800000005', avatar: '' },
    ]);
    // Fixed ids, so the demo's printed agent id is always right; the identity then continues after them.
    const diamond = await insertAgent(tx, {
      id: DEMO.agentId,
      playerId: 100001,
      level: 1,
      parentId: null,
      passwordHash,
    });
    const goldA = await insertAgent(tx, {
      id: 10002,
      playerId: 100002,
      level: 2,
      parentId: diamond,
      passwordHash,
    });
    const goldB = await insertAgent(tx, {
      id: 10003,
      playerId: 100003,
      level: 2,
      parentId: diamond,
      passwordHash,
    });
    const silver = await insertAgent(tx, {
      id: 10004,
      playerId: 100004,
      level: 3,
      parentId: goldA,
      passwordHash,
    });
    await insertAgent(tx, {
      id: 10005,
      playerId: 100005,
      level: 3,
      parentId: goldB,
      passwordHash,
      status: 'frozen',
    });
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('agents', 'id'), (select max(id) from agents))`,
    );

    const boundTo: Record<number, number | null> = {
      200001: diamond,
      200002: diamond,
      200003: diamond,
      200004: goldA,
      200005: goldA,
      200006: silver,
      200007: null,
      200008: null,
    };
    await tx.insert(players).values(
      Object.entries(boundTo).map(([id, agentId], i) => ({
        id: Number(id),
        nickname: PLAYER_NAMES[i] as string,
        avatar: '',
        mobile: `1390000${String(i + 1).padStart(4, '0')}`,
        boundAgentId: agentId,
        // Bound over the last weeks, so the dashboards have a history.
        boundAt: agentId === null ? null : new Date(Date.now() - (i + 1) * 3 * 86_400_000),
      })),
    );

    const [category] = await tx
      .insert(goodsCategories)
      .values({ name: DEMO_CATEGORY.name, names: DEMO_CATEGORY.names, sort: 1 })
      .returning();
    const packages = await tx
      .insert(goods)
      .values(
        DEMO_PACKAGES.map((item, i) => ({
          categoryId: (category as { id: number }).id,
          name: item.name,
          names: item.names,
          diamonds: item.diamonds,
          sort: i,
        })),
      )
      .returning({ id: goods.id, name: goods.name, diamonds: goods.diamonds });

    await writeHistory(tx, { diamond, goldA, goldB, silver }, packages);
    await tx.insert(articles).values(DEMO_ARTICLES);
  });
  return true;
}

/**
 * A demo seeded before its articles had every language (the Japanese help page read Chinese): each seeded article
 * whose Chinese text is still the seed's gets the versions it lacks. A version it has, the operator's or the seed's,
 * stays; an article the operator rewrote or removed is theirs. Each write is a compare-and-set on the texts it read,
 * so an operator's save meanwhile wins. Answers how many articles it completed.
 */
export async function completeDemoArticles(db: DbOrTx): Promise<number> {
  const rows = await db
    .select()
    .from(articles)
    .where(
      inArray(
        articles.slug,
        DEMO_ARTICLES.map((article) => article.slug),
      ),
    );
  let completed = 0;
  for (const row of rows) {
    const demo = DEMO_ARTICLES.find((article) => article.slug === row.slug);
    if (!demo || row.title !== demo.title || row.content !== demo.content) continue;
    const missing = Object.entries(demo.translations).filter(([locale]) => !row.translations[locale]);
    if (missing.length === 0) continue;
    const updated = await db
      .update(articles)
      .set({ translations: { ...row.translations, ...Object.fromEntries(missing) }, updatedAt: sql`now()` })
      .where(
        and(
          eq(articles.id, row.id),
          eq(articles.title, demo.title),
          eq(articles.content, demo.content),
          sql`${articles.translations} = ${JSON.stringify(row.translations)}::jsonb`,
        ),
      )
      .returning({ id: articles.id });
    completed += updated.length;
  }
  return completed;
}

/**
 * A demo seeded before its shop had every language (an English agent read "100 钻石"): the seeded category and each
 * seeded package (its diamonds and Chinese name still the seed's) get the names they lack, as completeDemoArticles
 * completes the articles. A name present, the operator's, stays; a row the operator renamed in Chinese is theirs.
 * Only a row that holds none of the seed's names yet is completed (an older demo's): once completed, a name the
 * operator clears stays cleared at the next start. Each write is a compare-and-set on the names it read, so an
 * operator's save meanwhile wins. Answers how many rows it completed.
 */
export async function completeDemoGoods(db: DbOrTx): Promise<number> {
  const missingOf = (row: { names: Record<string, string | undefined> }, demo: DemoName) => {
    const seedsOwn = Object.entries(demo.names).some(([locale, name]) => row.names[locale] === name);
    return seedsOwn ? [] : Object.entries(demo.names).filter(([locale]) => !row.names[locale]?.trim());
  };
  let completed = 0;

  const categoryRows = await db
    .select()
    .from(goodsCategories)
    .where(eq(goodsCategories.name, DEMO_CATEGORY.name));
  for (const row of categoryRows) {
    const missing = missingOf(row, DEMO_CATEGORY);
    if (missing.length === 0) continue;
    const updated = await db
      .update(goodsCategories)
      .set({ names: { ...row.names, ...Object.fromEntries(missing) } })
      .where(
        and(
          eq(goodsCategories.id, row.id),
          eq(goodsCategories.name, DEMO_CATEGORY.name),
          sql`${goodsCategories.names} = ${JSON.stringify(row.names)}::jsonb`,
        ),
      )
      .returning({ id: goodsCategories.id });
    completed += updated.length;
  }

  const goodsRows = await db
    .select()
    .from(goods)
    .where(
      inArray(
        goods.name,
        DEMO_PACKAGES.map((item) => item.name),
      ),
    );
  for (const row of goodsRows) {
    const demo = DEMO_PACKAGES.find((item) => item.name === row.name && item.diamonds === row.diamonds);
    if (!demo) continue;
    const missing = missingOf(row, demo);
    if (missing.length === 0) continue;
    const updated = await db
      .update(goods)
      .set({ names: { ...row.names, ...Object.fromEntries(missing) } })
      .where(
        and(
          eq(goods.id, row.id),
          eq(goods.name, demo.name),
          eq(goods.diamonds, demo.diamonds),
          sql`${goods.names} = ${JSON.stringify(row.names)}::jsonb`,
        ),
      )
      .returning({ id: goods.id });
    completed += updated.length;
  }
  return completed;
}

async function insertAgent(
  tx: Tx,
  values: {
    id: number;
    playerId: number;
    level: number;
    parentId: number | null;
    passwordHash: string;
    status?: 'active' | 'frozen';
  },
): Promise<number> {
  const [row] = await tx.insert(agents).values(values).returning({ id: agents.id });
  return (row as { id: number }).id;
}

interface DemoPackage {
  id: number;
  name: string;
  diamonds: number;
}

/**
 * An agent's purchase as the shop records it once paid: the order, priced at the buyer's level and with the upline's
 * prices frozen on it, so its entries refer to a real order (the dashboards read what the agent spent from it).
 */
async function paidAgentOrder(
  tx: Tx,
  order: {
    id: string;
    buyerPlayerId: number;
    chain: OrderPricing['chain'];
    item: DemoPackage;
    quantity: number;
    at: Date;
  },
): Promise<{ type: string; id: string }> {
  const buyer = order.chain[0] as { agentId: number; priceFen: number };
  const diamonds = order.item.diamonds * order.quantity;
  await tx.insert(orders).values({
    id: order.id,
    playerId: order.buyerPlayerId,
    agentId: buyer.agentId,
    requestId: randomUUID(),
    goodsId: order.item.id,
    goodsName: order.item.name,
    quantity: order.quantity,
    diamonds,
    unitPriceFen: buyer.priceFen,
    amountFen: diamonds * buyer.priceFen,
    status: 'paid',
    pricing: { buyer: 'agent', chain: order.chain } as OrderPricing,
    provider: 'sandbox',
    createdAt: new Date(order.at.getTime() - 60_000),
    expiresAt: new Date(order.at.getTime() + 14 * 60_000),
    paidAt: order.at,
  });
  return { type: 'order', id: order.id };
}

/** The demo's agents: the diamond at the top, its gold children A and B, A's silver child. */
interface DemoAgents {
  diamond: number;
  goldA: number;
  goldB: number;
  silver: number;
}

/** Each level's price of a diamond (1 diamond, 2 gold, 3 silver), in fen. */
const PRICE = { 1: moneyToFen('0.50'), 2: moneyToFen('0.60'), 3: moneyToFen('0.70') } as const;

/** One day of the history: where it writes, who acts, the day and its times, and the history's sequences. */
interface HistoryDay {
  tx: Tx;
  ids: DemoAgents;
  packages: DemoPackage[];
  /** How many days ago (0: today). */
  daysAgo: number;
  /** The day's time at an hour. */
  at: (hour: number) => Date;
  /** The history's random sequence. */
  rnd: (min: number, max: number) => number;
  /** The invite link's visits: a sequence of their own. */
  visits: (min: number, max: number) => number;
  /** The next number of the history, shared by its references and its order ids. */
  serial: () => number;
}

/** A month of the agents' daily work, every movement through the ledger: each day's kinds of work, in this order. */
async function writeHistory(tx: Tx, ids: DemoAgents, packages: DemoPackage[]) {
  const rnd = random(20261101);
  // Its own sequence, so the rest of the history stays what it was.
  const visits = random(20261123);
  const now = Date.now();
  const day = 24 * 3600 * 1000;
  let n = 0;
  const serial = () => ++n;

  for (let d = 30; d >= 0; d--) {
    // Today's entries are a few minutes old; older days spread over working hours.
    const at = (hour: number) =>
      new Date(d === 0 ? now - (10 - hour / 3) * 60_000 : now - d * day + (hour - 12) * 3600_000);
    const today: HistoryDay = { tx, ids, packages, daysAgo: d, at, rnd, visits, serial };

    if (d % 6 === 0 || d === 30) await buyStock(today);
    await rechargePlayers(today);
    if (d % 4 === 1 || d === 0) await playerBuysInShop(today);
    if (d % 7 === 3) await transferToGoldB(today);
    await openInviteLink(today);
    if (d === 12) await exchangeBalance(today);
  }
}

/** Diamonds from one owner to another: the giver's entry, then the receiver's, each naming the other. */
async function moveDiamonds(
  tx: Tx,
  move: {
    from: AccountOwner;
    to: AccountOwner;
    diamonds: number;
    /** The giver's bill type, then the receiver's. */
    billTypes: [BillType, BillType];
    ref: { type: string; id: string };
    memos: [Memo, Memo];
    at: Date;
  },
) {
  const { from, to, diamonds, ref, at } = move;
  await post(tx, {
    owner: from,
    currency: 'diamonds',
    amount: -diamonds,
    billType: move.billTypes[0],
    ref,
    counterparty: to,
    memo: move.memos[0],
    at,
  });
  await post(tx, {
    owner: to,
    currency: 'diamonds',
    amount: diamonds,
    billType: move.billTypes[1],
    ref,
    counterparty: from,
    memo: move.memos[1],
    at,
  });
}

/** A reference of the history's own (no row behind it): `seed-<n>`. */
const seedRef = (day: HistoryDay, type: string) => ({ type, id: `seed-${day.serial()}` });

/**
 * Purchases of diamonds for the agents' own stock, with the differential profit up the line. Each as the shop sells
 * it: a package and a quantity, the buyer's player, the chain up to the top.
 */
async function buyStock(day: HistoryDay) {
  const { tx, ids, at } = day;
  const buys: [number, number, number, number, number[]][] = [
    [ids.diamond, 100001, 5000, 2, [ids.diamond]],
    [ids.goldA, 100002, 1000, 4, [ids.goldA, ids.diamond]],
    [ids.silver, 100004, 3000, 1, [ids.silver, ids.goldA, ids.diamond]],
    [ids.goldB, 100003, 1000, 2, [ids.goldB, ids.diamond]],
  ];
  const levelOf = (id: number) => (id === ids.diamond ? 1 : id === ids.silver ? 3 : 2);
  for (const [buyer, buyerPlayerId, size, quantity, line] of buys) {
    const diamonds = size * quantity;
    const r = await paidAgentOrder(tx, {
      id: `PDEMO${String(day.serial()).padStart(6, '0')}`,
      buyerPlayerId,
      chain: line.map((agentId) => ({ agentId, priceFen: PRICE[levelOf(agentId)], level: levelOf(agentId) })),
      item: day.packages.find((p) => p.diamonds === size) as DemoPackage,
      quantity,
      at: at(9),
    });
    await post(tx, {
      owner: agent(buyer),
      currency: 'diamonds',
      amount: diamonds,
      billType: BillType.buyDiamonds,
      ref: r,
      memo: memo('memoPurchase', { goods: `${diamonds} 钻石`, quantity: 1 }),
      at: at(9),
    });
    // Each upline, nearest first, earns the difference between its child's price and its own.
    for (let i = 1; i < line.length; i++) {
      const child = line[i - 1] as number;
      const upline = line[i] as number;
      await post(tx, {
        owner: agent(upline),
        currency: 'balance',
        amount: (PRICE[levelOf(child)] - PRICE[levelOf(upline)]) * diamonds,
        billType: BillType.profit,
        ref: r,
        counterparty: agent(buyer),
        memo: memo('memoChildPurchaseProfit', { agentId: buyer }),
        at: at(9),
      });
    }
  }
}

/** Recharges to the agents' players: each on about two days of three, and all of them today. */
async function rechargePlayers(day: HistoryDay) {
  const { tx, ids, at, rnd } = day;
  const rechargePairs: [number, number][] = [
    [ids.diamond, 200001],
    [ids.diamond, 200002],
    [ids.diamond, 200003],
    [ids.goldA, 200004],
    [ids.goldA, 200005],
    [ids.silver, 200006],
  ];
  for (const [from, to] of rechargePairs) {
    if (rnd(0, 2) === 0 && day.daysAgo !== 0) continue;
    const diamonds = rnd(5, 30) * 10;
    // A recharge record like the live call writes, so "recent players" and the entry's detail have it.
    const [recharge] = await tx
      .insert(recharges)
      .values({ agentId: from, playerId: to, diamonds, createdAt: at(14) })
      .returning({ id: recharges.id });
    await moveDiamonds(tx, {
      from: agent(from),
      to: player(to),
      diamonds,
      billTypes: [BillType.rechargePlayer, BillType.rechargePlayer],
      ref: { type: 'recharge', id: String((recharge as { id: number }).id) },
      memos: [
        memo('memoRechargePlayer', { nickname: PLAYER_NAMES[to - 200001] ?? '', playerId: to }),
        memo('memoRechargedByAgent', { agentId: from }),
      ],
      at: at(14),
    });
  }
}

/** A bound player buys in the shop; its agent earns the commission differential. */
async function playerBuysInShop(day: HistoryDay) {
  const { tx, ids, at } = day;
  const spend = day.rnd(10, 50) * 1000; // fen
  const r = seedRef(day, 'order');
  await post(tx, {
    owner: player(200001),
    currency: 'diamonds',
    amount: spend / 100,
    billType: BillType.buyDiamonds,
    ref: r,
    memo: memo('memoPurchase', { goods: `${spend / 100} 钻石`, quantity: 1 }),
    at: at(20),
  });
  await post(tx, {
    owner: agent(ids.diamond),
    currency: 'balance',
    amount: (spend * 30) / 100,
    billType: BillType.profit,
    ref: r,
    counterparty: player(200001),
    memo: memo('memoPlayerPurchaseCommission', { playerId: 200001 }),
    at: at(20),
  });
}

/** The diamond agent transfers diamonds to its child gold B. */
async function transferToGoldB(day: HistoryDay) {
  const { tx, ids, at } = day;
  await moveDiamonds(tx, {
    from: agent(ids.diamond),
    to: agent(ids.goldB),
    diamonds: 300,
    billTypes: [BillType.transferOut, BillType.transferIn],
    ref: seedRef(day, 'transfer'),
    memos: [
      memo('memoTransferToChild', { agentId: ids.goldB }),
      memo('memoTransferFromParent', { agentId: ids.diamond }),
    ],
    at: at(16),
  });
}

/**
 * The diamond agent's invite link opened a few times a day by a pool of returning visitors (stored hashed, as the live
 * call stores them), for its web-analytics dashboard.
 */
async function openInviteLink(day: HistoryDay) {
  const { tx, ids, at, visits } = day;
  const opens = visits(0, 6);
  for (let i = 0; i < opens; i++) {
    const visitor = createHash('sha256')
      .update(`demo-visitor-${visits(1, 40)}`)
      .digest('hex');
    await tx.insert(inviteOpens).values({ agentId: ids.diamond, visitorHash: visitor, createdAt: at(8 + i) });
  }
}

/** The diamond agent exchanges 100 yuan of its balance for diamonds at its price. */
async function exchangeBalance(day: HistoryDay) {
  const { tx, ids, at } = day;
  const r = seedRef(day, 'exchange');
  await post(tx, {
    owner: agent(ids.diamond),
    currency: 'balance',
    amount: -moneyToFen('100.00'),
    billType: BillType.exchange,
    ref: r,
    memo: memo('memoExchangeDiamonds', { diamonds: moneyToFen('100.00') / PRICE[1] }),
    at: at(11),
  });
  await post(tx, {
    owner: agent(ids.diamond),
    currency: 'diamonds',
    amount: moneyToFen('100.00') / PRICE[1],
    billType: BillType.exchange,
    ref: r,
    memo: memo('memoExchangeBalance', { amount: '100.00' }),
    at: at(11),
  });
}
