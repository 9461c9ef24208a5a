import { z } from 'zod';
import { ZOrderRefunds } from './admin-refunds';
import { call } from './call-def';
import {
  hasControlCharacters,
  ZAgentId,
  ZEmpty,
  ZId,
  ZIsoDate,
  ZIsoDateInput,
  ZPage,
  ZPageQuery,
  ZPlayerId,
  ZSortOrder,
  ZText,
} from './common';
import { ZOrderStatus } from './enums';
import { fenToMoney, moneyToFen } from './money-format';
import { ZMoney } from './money';
import { ZName, ZNameTranslations } from './translations';

// ---- the platform's settings: prices, rates, withdrawal rules, switches ------------------------------------------

/** How a setting is typed, checked, stored and shown. */
export type OptionKind =
  'price' | 'rate' | 'feeRate' | 'money' | 'count' | 'flag' | 'url' | 'timezone' | 'color';
/** The groups of the console's settings form, in the order it shows them. */
export const OPTION_GROUPS = ['prices', 'rates', 'withdrawals', 'review', 'switches', 'shop'] as const;
export type OptionGroup = (typeof OPTION_GROUPS)[number];

interface OptionDef {
  /** The value the platform runs on while the operator never set it. */
  default: string;
  /** Anyone may read it (`getOptionsByKey`); the others stay on the server and the console. */
  public: boolean;
  /** The console edits it: how, and in which group of the form. */
  edit?: { kind: OptionKind; group: OptionGroup };
}

/**
 * Every option of the platform, in one table (decision 018): its default, whether anyone may read it, and, for the ones the
 * console edits, their kind (which gives their rule and their stored form) and their group. The server's defaults,
 * the editable keys, the settings form's fields and the web's public keys all derive from it. Values travel and are
 * stored as text.
 */
export const OPTIONS = {
  'price.level1': { default: '0.50', public: false, edit: { kind: 'price', group: 'prices' } },
  'price.level2': { default: '0.60', public: false, edit: { kind: 'price', group: 'prices' } },
  'price.level3': { default: '0.70', public: false, edit: { kind: 'price', group: 'prices' } },
  'price.retail': { default: '1.00', public: true, edit: { kind: 'price', group: 'prices' } },
  'commission.level1': { default: '30', public: false, edit: { kind: 'rate', group: 'rates' } },
  'commission.level2': { default: '25', public: false, edit: { kind: 'rate', group: 'rates' } },
  'commission.level3': { default: '20', public: false, edit: { kind: 'rate', group: 'rates' } },
  'withdraw.min': { default: '100.00', public: true, edit: { kind: 'money', group: 'withdrawals' } },
  'withdraw.feeRate': { default: '0', public: true, edit: { kind: 'feeRate', group: 'withdrawals' } },
  'withdraw.dailyCount': { default: '3', public: true, edit: { kind: 'count', group: 'withdrawals' } },
  /** Above this amount a withdrawal needs two operators' approvals (decision 018). */
  'withdraw.reviewThreshold': { default: '5000.00', public: false, edit: { kind: 'money', group: 'review' } },
  /**
   * The two-person rule's daily limits (decision 037): what one operator may approve alone in a platform day, and
   * what one agent may have approved by a single operator in a day; a withdrawal that would pass either needs a second.
   */
  'withdraw.soloDailyPerOperator': {
    default: '20000.00',
    public: false,
    edit: { kind: 'money', group: 'review' },
  },
  'withdraw.soloDailyPerAgent': {
    default: '10000.00',
    public: false,
    edit: { kind: 'money', group: 'review' },
  },
  /** Above this value (diamonds at price.retail) a manual adjustment needs a second operator (decision 018). */
  'adjust.reviewThreshold': { default: '5000.00', public: false, edit: { kind: 'money', group: 'review' } },
  /** The same daily limits for manual adjustments, credits and debits alike: per operator, per adjusted account. */
  'adjust.soloDailyPerOperator': {
    default: '10000.00',
    public: false,
    edit: { kind: 'money', group: 'review' },
  },
  'adjust.soloDailyPerTarget': {
    default: '5000.00',
    public: false,
    edit: { kind: 'money', group: 'review' },
  },
  /** Above this amount a refund needs a second operator's approval (decision 043). */
  'refund.reviewThreshold': { default: '500.00', public: false, edit: { kind: 'money', group: 'review' } },
  /** The same daily limits for refunds: per operator, and per buyer (the buying agent, or the paying player). */
  'refund.soloDailyPerOperator': {
    default: '2000.00',
    public: false,
    edit: { kind: 'money', group: 'review' },
  },
  'refund.soloDailyPerTarget': {
    default: '1000.00',
    public: false,
    edit: { kind: 'money', group: 'review' },
  },
  /**
   * 'true': an approved withdrawal to a WeChat payout account is paid through the provider's merchant transfer by the
   * job queue (decision 043); 'false': every withdrawal is paid by hand or in a payout file.
   */
  'withdraw.autoTransfer': { default: 'true', public: false, edit: { kind: 'flag', group: 'switches' } },
  'register.open': { default: 'true', public: true, edit: { kind: 'flag', group: 'switches' } },
  /** 'true': a new registration waits as 'pending' until an operator approves it (decision 024). */
  'register.review': { default: 'false', public: true, edit: { kind: 'flag', group: 'switches' } },
  'bind.unbindAllowed': { default: 'true', public: true, edit: { kind: 'flag', group: 'switches' } },
  'shop.url': { default: '', public: true, edit: { kind: 'url', group: 'shop' } },
  'platform.timezone': { default: 'Asia/Shanghai', public: false, edit: { kind: 'timezone', group: 'shop' } },
  /**
   * The operator's brand colour (decision 019): '' or a hex colour (#rgb or #rrggbb). The web reads it at start and makes
   * it the theme's default primary colour; a person's own choice in the customizer wins.
   */
  'theme.brandColor': { default: '', public: true, edit: { kind: 'color', group: 'shop' } },
  'close.scheme': { default: 'lgapp://close', public: true },
  'download.android': { default: '', public: true },
  'download.ios': { default: '', public: true },
} as const satisfies Record<string, OptionDef>;
export type OptionKey = keyof typeof OPTIONS;
/** The options anyone may read. */
export type PublicOptionKey = {
  [K in OptionKey]: (typeof OPTIONS)[K]['public'] extends true ? K : never;
}[OptionKey];
/** The options the console edits. */
export type EditableOptionKey = {
  [K in OptionKey]: (typeof OPTIONS)[K] extends { edit: OptionDef['edit'] } ? K : never;
}[OptionKey];

/** The options the console edits, in the table's order. */
export const EDITABLE_OPTION_KEYS = (Object.keys(OPTIONS) as OptionKey[]).filter(
  (key): key is EditableOptionKey => 'edit' in OPTIONS[key],
) as [EditableOptionKey, ...EditableOptionKey[]];
export const ZEditableOptionKey = z.enum(EDITABLE_OPTION_KEYS);

/** How the console edits a setting: its kind and its group. */
export const editOf = (key: EditableOptionKey): { kind: OptionKind; group: OptionGroup } => OPTIONS[key].edit;

/** What one diamond may cost at most (yuan): an order's amount stays far within every column's range. */
export const PRICE_PER_DIAMOND_MAX = '1000.00';
const PRICE_PATTERN = /^\d{1,4}(\.\d{1,2})?$/;
/** A percentage with up to two decimals ("30", "12.5", "0.6"). */
const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
const MONEY_OPTION_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
export const WITHDRAW_DAILY_COUNT_MAX = 100;
/** An option's text: the longest a value may be (the shop's URL). */
export const OPTION_VALUE_MAX = 500;

/** A time zone of the IANA database as the platform's days are counted in ("Asia/Shanghai", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An absolute http(s) address: a host name (letters, digits, dots, dashes), an optional port, a path. */
const HTTP_URL =
  /^https?:\/\/[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?([/?#][^\s]*)?$/i;

/** The shop's address: none (the app's own shop), an http(s) URL, or a link of the app itself ("#/mine/recharge"). */
export function isShopUrl(value: string): boolean {
  return value === '' || /^#\/[A-Za-z0-9\-._~/?=&%]*$/.test(value) || HTTP_URL.test(value);
}

const text = z
  .string()
  .trim()
  .max(OPTION_VALUE_MAX)
  .refine((value) => !hasControlCharacters(value), { message: 'must not contain control characters' });
const pricePerDiamond = text
  .regex(PRICE_PATTERN, 'a price per diamond: yuan with at most two decimals')
  .refine((v) => !PRICE_PATTERN.test(v) || moneyToFen(v) > 0, 'must be above zero')
  .refine(
    (v) => !PRICE_PATTERN.test(v) || moneyToFen(v) <= moneyToFen(PRICE_PER_DIAMOND_MAX),
    `at most ${PRICE_PER_DIAMOND_MAX}`,
  );
const percent = (max: number, inclusive: boolean) =>
  text
    .regex(PERCENT_PATTERN, 'a percentage with at most two decimals')
    .refine(
      (v) => !PERCENT_PATTERN.test(v) || (inclusive ? moneyToFen(v) <= max * 100 : moneyToFen(v) < max * 100),
      inclusive ? `at most ${max}` : `below ${max}`,
    );
const moneyAmount = text
  .regex(MONEY_OPTION_PATTERN, 'an amount in yuan with at most two decimals')
  .refine((v) => !MONEY_OPTION_PATTERN.test(v) || moneyToFen(v) > 0, 'must be above zero');
const flag = z.enum(['true', 'false']);

/** Each kind's rule, as the server applies it and the console's form checks it first. */
const KIND_SCHEMAS: Record<OptionKind, z.ZodType<string, string>> = {
  price: pricePerDiamond,
  rate: percent(100, true),
  // A fee rate of 100 % would leave nothing to pay out.
  feeRate: percent(100, false),
  money: moneyAmount,
  count: text
    .regex(/^\d{1,3}$/, 'a whole number')
    .refine(
      (v) => Number(v) >= 1 && Number(v) <= WITHDRAW_DAILY_COUNT_MAX,
      `1 to ${WITHDRAW_DAILY_COUNT_MAX}`,
    ),
  flag,
  url: text.refine(isShopUrl, 'an http(s) URL, a link of the app (#/...), or empty'),
  timezone: text.refine(isTimeZone, 'a time zone of the IANA database, e.g. Asia/Shanghai'),
  // The web's default primary colour (its hex helper takes 3 or 6 digits after #); empty keeps the app's own.
  color: text.regex(/^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$/, '#rgb or #rrggbb, or empty'),
};

/** Each setting's rule (its kind's), as the server applies it and the console's form checks it first. */
export const OPTION_VALUE_SCHEMAS = Object.fromEntries(
  EDITABLE_OPTION_KEYS.map((key) => [key, KIND_SCHEMAS[editOf(key).kind]]),
) as Record<EditableOptionKey, z.ZodType<string, string>>;

/** A rate in basis points as a percentage without trailing zeros: 3000 -> "30", 1250 -> "12.5". */
export function basisPointsToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const decimals = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return decimals ? `${whole}.${decimals}` : String(whole);
}

/**
 * A valid value as it is stored and answered: money with two decimals ("0.5" -> "0.50"), percentages without trailing
 * zeros, counts without leading zeros, a time zone as the IANA database spells it, the rest trimmed. Call it on a value its schema accepts.
 */
export function normalizeOptionValue(key: EditableOptionKey, value: string): string {
  const trimmed = value.trim();
  switch (editOf(key).kind) {
    case 'price':
    case 'money':
      return fenToMoney(moneyToFen(trimmed));
    case 'rate':
    case 'feeRate':
      return basisPointsToPercent(moneyToFen(trimmed));
    case 'count':
      return String(Number(trimmed));
    case 'timezone':
      // The zone's own spelling ("asia/shanghai" -> "Asia/Shanghai").
      return new Intl.DateTimeFormat('en', { timeZone: trimmed }).resolvedOptions().timeZone;
    default:
      return trimmed;
  }
}

/** A rule between settings that a set of values breaks, with what the message needs to say which. */
export type OptionRuleIssue =
  | { key: EditableOptionKey; rule: 'priceBelowLevelAbove'; level: 2 | 3; price: string; above: string }
  | { key: 'price.retail'; rule: 'retailBelowLevel3'; price: string; level3: string }
  | { key: EditableOptionKey; rule: 'rateAboveLevelAbove'; level: 2 | 3; rate: string; above: string };

/**
 * The rules between settings (DESIGN section 4): a level's price is never below the price of the level above it
 * (level 1 diamond <= 2 gold <= 3 silver <= retail), so each agent earns its difference; commission rates fall down
 * the levels (level 1 >= 2 >= 3), so each agent above earns its rate minus the one below. `values` is the whole set
 * after a change (each value valid); answers the broken rules, none when it holds.
 */
export function optionRuleIssues(values: Record<EditableOptionKey, string>): OptionRuleIssue[] {
  const issues: OptionRuleIssue[] = [];
  const fen = (key: EditableOptionKey) => moneyToFen(values[key]);
  for (const [level, key, above] of [
    [2, 'price.level2', 'price.level1'],
    [3, 'price.level3', 'price.level2'],
  ] as const) {
    if (fen(key) < fen(above))
      issues.push({ key, rule: 'priceBelowLevelAbove', level, price: values[key], above: values[above] });
  }
  if (fen('price.retail') < fen('price.level3'))
    issues.push({
      key: 'price.retail',
      rule: 'retailBelowLevel3',
      price: values['price.retail'],
      level3: values['price.level3'],
    });
  for (const [level, key, above] of [
    [2, 'commission.level2', 'commission.level1'],
    [3, 'commission.level3', 'commission.level2'],
  ] as const) {
    if (fen(key) > fen(above))
      issues.push({ key, rule: 'rateAboveLevelAbove', level, rate: values[key], above: values[above] });
  }
  return issues;
}

export const ZOptionEntry = z.object({
  key: ZEditableOptionKey,
  value: z.string(),
  /** No value was ever set: the platform runs on the default. */
  isDefault: z.boolean(),
  updatedAt: ZIsoDate.nullable(),
});
export type TOptionEntry = z.infer<typeof ZOptionEntry>;

export const ZOptionChange = z.object({
  id: z.string(),
  key: ZEditableOptionKey,
  before: z.string().nullable(),
  after: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string(),
  address: z.string(),
  at: ZIsoDate,
});
export type TOptionChange = z.infer<typeof ZOptionChange>;

const ZOptionUpdate = z
  .object({
    /** Why the settings change: kept with each change in the audit log (decision 037). */
    reason: ZText(500, { min: 1 }),
    changes: z
      .array(
        z.object({
          key: ZEditableOptionKey,
          value: z.string().max(OPTION_VALUE_MAX),
          /** The value the operator saw (as `admin/options/get` answered it): if it is no longer so, nothing changes. */
          seen: z.string().max(OPTION_VALUE_MAX),
        }),
      )
      .min(1)
      .max(EDITABLE_OPTION_KEYS.length),
  })
  .superRefine((input, ctx) => {
    const keys = new Set<string>();
    input.changes.forEach((change, index) => {
      if (keys.has(change.key))
        ctx.addIssue({ code: 'custom', path: ['changes', index, 'key'], message: 'a key at most once' });
      keys.add(change.key);
      const parsed = OPTION_VALUE_SCHEMAS[change.key].safeParse(change.value);
      if (!parsed.success)
        ctx.addIssue({
          code: 'custom',
          path: ['changes', index, 'value'],
          message: `${change.key}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
        });
    });
  });

// ---- goods and categories -------------------------------------------------------------------------------------------

/** How many diamonds one package may hold: with PURCHASE_QUANTITY_MAX, an order stays within an int4 column. */
export const GOODS_DIAMONDS_MAX = 1_000_000;
export const IMAGE_URL_MAX = 500;

/** A goods' picture: none, an https URL, or a path of this site ("/images/1000.png"). */
export function isImageUrl(value: string): boolean {
  return (
    value === '' || /^\/[A-Za-z0-9\-._~/%]+$/.test(value) || (/^https:/i.test(value) && HTTP_URL.test(value))
  );
}

export const ZImageUrl = ZText(IMAGE_URL_MAX).refine(
  isImageUrl,
  'image: an https URL, a path of this site, or empty',
);
export const ZGoodsDiamonds = z.number().int().min(1).max(GOODS_DIAMONDS_MAX);

/**
 * `revision` names the row's content as it was read (a digest of what the console edits): an edit sent with an older
 * one is refused, so of two operators editing the same row, the second is told instead of undoing the first.
 */
export const ZRevision = z.string().regex(/^[0-9a-f]{16}$/, 'revision: as the list answered it');

export const ZAdminCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  names: ZNameTranslations,
  sort: z.number().int(),
  goodsCount: z.number().int(),
  revision: z.string(),
});
export type TAdminCategory = z.infer<typeof ZAdminCategory>;

export const ZAdminGoods = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  names: ZNameTranslations,
  image: z.string(),
  diamonds: z.number().int(),
  active: z.boolean(),
  sort: z.number().int(),
  revision: z.string(),
});
export type TAdminGoods = z.infer<typeof ZAdminGoods>;

const ZOrderedIds = z
  .array(ZId)
  .min(1)
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, 'each id once');

// ---- orders ---------------------------------------------------------------------------------------------------------

export const ZOrderBuyer = z.enum(['agent', 'player']);

/** The columns the orders list can be sorted by on the server. */
export const ZAdminOrderSort = z.enum(['createdAt', 'amount']);
export type AdminOrderSort = z.infer<typeof ZAdminOrderSort>;

export const ZAdminOrder = z.object({
  id: z.string(),
  playerId: z.number().int(),
  playerNickname: z.string(),
  /** The buying agent (its stock receives the diamonds); null when a player bought for its game account. */
  agentId: z.number().int().nullable(),
  buyer: ZOrderBuyer,
  goodsId: z.number().int(),
  /** As it was bought (a later rename changes nothing here). */
  goodsName: z.string(),
  quantity: z.number().int(),
  diamonds: z.number().int(),
  unitPrice: ZMoney,
  amount: ZMoney,
  /** A pending order past its time reads expired, as its buyer sees it. */
  status: ZOrderStatus,
  provider: z.string(),
  payChannel: z.enum(['h5', 'jsapi']),
  createdAt: ZIsoDate,
  expiresAt: ZIsoDate,
  paidAt: ZIsoDate.nullable(),
});
export type TAdminOrder = z.infer<typeof ZAdminOrder>;

const ZPricedAgent = z.object({
  agentId: z.number().int(),
  nickname: z.string(),
  level: z.number().int().nullable(),
  /** The agent's own price per diamond when it was sold (an agent's purchase). */
  price: ZMoney.nullable(),
  /** The agent's commission rate, in percent, when it was sold (a player's purchase). */
  rate: z.string().nullable(),
});

export const ZAdminOrderDetail = z.object({
  order: ZAdminOrder.extend({ providerRef: z.string().nullable() }),
  payer: z.object({
    playerId: z.number().int(),
    nickname: z.string(),
    mobile: z.string().nullable(),
    boundAgentId: z.number().int().nullable(),
  }),
  /** The prices frozen on the order when it was created; null for orders older than that (priced when paid). */
  pricing: z.object({ buyer: ZOrderBuyer, chain: z.array(ZPricedAgent) }).nullable(),
  /** The provider's records: every notification (or query) received for the order, and what was done with it. */
  notifications: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      providerRef: z.string().nullable(),
      amount: ZMoney.nullable(),
      outcome: z.string(),
      source: z.enum(['notification', 'query']),
      createdAt: ZIsoDate,
    }),
  ),
  /** The ledger entries the order wrote: the diamonds delivered (bill type 1), the profit shares paid (type 5). */
  entries: z.array(
    z.object({
      id: z.string(),
      ownerType: z.enum(['agent', 'player']),
      ownerId: z.number().int(),
      nickname: z.string(),
      currency: z.enum(['balance', 'diamonds']),
      billType: z.number().int(),
      /** Money ("12.50") for a balance, whole diamonds for diamonds; signed. */
      amount: z.string(),
      createdAt: ZIsoDate,
    }),
  ),
  /** Its refunds (decision 043), and what may still be refunded. */
  refunds: ZOrderRefunds,
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

export const ZOrderIdInput = ZText(64, { min: 1 });

// ---- calls ----------------------------------------------------------------------------------------------------------

/**
 * The console's prices, rates and options, goods and categories, and orders (decision 018). Changing the
 * settings or the catalog needs `operators.manage` (the owner's): they set the terms of every other role's work.
 */
export const adminCatalogCalls = {
  adminOptionsGet: call({
    method: 'GET',
    path: 'admin/options/get',
    auth: 'operator',
    right: 'read',
    summary:
      'The platform’s settings the console edits: prices, commission rates, withdrawal rules, switches',
    input: ZEmpty,
    data: z.object({ list: z.array(ZOptionEntry) }),
  }),
  adminOptionsUpdate: call({
    method: 'POST',
    path: 'admin/options/update',
    auth: 'operator',
    right: 'operators.manage',
    summary:
      'Change settings at once, each against the value the operator saw; prices may not fall below the level above, rates fall down the levels',
    input: ZOptionUpdate,
    data: z.object({ list: z.array(ZOptionEntry), changed: z.array(ZEditableOptionKey) }),
  }),
  adminOptionsHistory: call({
    method: 'GET',
    path: 'admin/options/history',
    auth: 'operator',
    right: 'read',
    summary: 'The changes of one setting or of all, newest first: who, when, before and after',
    input: ZPageQuery.extend({ key: ZEditableOptionKey.optional() }),
    data: ZPage(ZOptionChange),
  }),
  adminCategoryList: call({
    method: 'GET',
    path: 'admin/categories/list',
    auth: 'operator',
    right: 'read',
    summary: 'Every goods category in the shop’s order, with its names per language and its goods count',
    input: ZEmpty,
    data: z.object({ list: z.array(ZAdminCategory) }),
  }),
  adminCategorySave: call({
    method: 'POST',
    path: 'admin/categories/save',
    auth: 'operator',
    right: 'operators.manage',
    summary: 'Create a category (no id; placed last) or rename one (id and the revision read)',
    input: z
      .object({ id: ZId.optional(), revision: ZRevision.optional(), name: ZName, names: ZNameTranslations })
      .refine((v) => v.id === undefined || v.revision !== undefined, {
        message: 'revision is required to edit',
        path: ['revision'],
      }),
    data: ZAdminCategory,
  }),
  adminCategoryReorder: call({
    method: 'POST',
    path: 'admin/categories/reorder',
    auth: 'operator',
    right: 'operators.manage',
    summary: 'Put the categories in this order: every category, each once',
    input: z.object({ ids: ZOrderedIds }),
    data: z.object({ list: z.array(ZAdminCategory) }),
  }),
  adminCategoryDelete: call({
    method: 'POST',
    path: 'admin/categories/delete',
    auth: 'operator',
    right: 'operators.manage',
    summary: 'Delete a category that holds no goods (on sale or not)',
    input: z.object({ id: ZId, revision: ZRevision }),
    data: z.object({ id: z.number().int() }),
  }),
  adminGoodsList: call({
    method: 'GET',
    path: 'admin/goods/list',
    auth: 'operator',
    right: 'read',
    summary: 'Every goods, on sale or not, in the shop’s order; of one category if asked',
    input: z.object({ categoryId: ZId.optional() }),
    data: z.object({ list: z.array(ZAdminGoods) }),
  }),
  adminGoodsSave: call({
    method: 'POST',
    path: 'admin/goods/save',
    auth: 'operator',
    right: 'operators.manage',
    summary:
      'Create goods (no id; placed last in its category) or edit them (id and the revision read); orders already placed keep what they were sold at',
    input: z
      .object({
        id: ZId.optional(),
        revision: ZRevision.optional(),
        categoryId: ZId,
        name: ZName,
        names: ZNameTranslations,
        image: ZImageUrl,
        diamonds: ZGoodsDiamonds,
        active: z.boolean(),
      })
      .refine((v) => v.id === undefined || v.revision !== undefined, {
        message: 'revision is required to edit',
        path: ['revision'],
      }),
    data: ZAdminGoods,
  }),
  adminGoodsSetActive: call({
    method: 'POST',
    path: 'admin/goods/setActive',
    auth: 'operator',
    right: 'operators.manage',
    summary: 'Put goods on sale or take them off (orders already placed can still be paid)',
    input: z.object({ id: ZId, active: z.boolean() }),
    data: ZAdminGoods,
  }),
  adminGoodsReorder: call({
    method: 'POST',
    path: 'admin/goods/reorder',
    auth: 'operator',
    right: 'operators.manage',
    summary: 'Put the goods of a category in this order: every goods of it, each once',
    input: z.object({ categoryId: ZId, ids: ZOrderedIds }),
    data: z.object({ list: z.array(ZAdminGoods) }),
  }),
  adminOrderList: call({
    method: 'GET',
    path: 'admin/orders/list',
    auth: 'operator',
    right: 'read',
    summary:
      'Orders by id, player, buying agent, buyer kind, status and date of creation, sorted by time or amount (newest first unless asked), paged on the server',
    input: ZPageQuery.extend({
      orderId: ZText(64).optional(),
      playerId: ZPlayerId.optional(),
      agentId: ZAgentId.optional(),
      buyer: ZOrderBuyer.optional(),
      status: ZOrderStatus.optional(),
      from: ZIsoDateInput.optional(),
      to: ZIsoDateInput.optional(),
      /** Default: newest first; the id breaks ties. */
      sort: ZAdminOrderSort.optional(),
      order: ZSortOrder.optional(),
    }),
    data: ZPage(ZAdminOrder),
  }),
  adminOrderRelease: call({
    method: 'POST',
    path: 'admin/orders/release',
    auth: 'operator',
    right: 'adjustments',
    summary:
      'Deliver a held order (paid while its buying agent was frozen or pending) once the agent is active again: the diamonds and the profit shares at the prices frozen on it, with a reason',
    input: z.object({ orderId: ZOrderIdInput, reason: ZText(500, { min: 1 }) }),
    data: ZAdminOrderDetail,
  }),
  adminOrderDetail: call({
    method: 'GET',
    path: 'admin/orders/detail',
    auth: 'operator',
    right: 'read',
    summary:
      'An order: its payer, amounts, status, the prices frozen on it, the provider’s records and the profit shares it paid',
    input: z.object({ orderId: ZOrderIdInput }),
    data: ZAdminOrderDetail,
  }),
} as const;
