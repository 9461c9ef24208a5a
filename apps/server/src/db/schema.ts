import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** See orders.pricing. `chain[0]` is the buying agent (agent purchase) or the player's own agent (player purchase). */
/**
 * An order's prices as sold, frozen on it. `level` is each agent's level when it was sold (decision 037: the console
 * shows it beside the frozen price, never today's); orders made before it have none.
 */
export type OrderPricing =
  | { buyer: 'agent'; chain: { agentId: number; priceFen: number; level?: number }[] }
  | { buyer: 'player'; chain: { agentId: number; rateBp: number; level?: number }[] };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A game player, keyed by the id the game gives it. */
export const players = pgTable(
  'players',
  {
    id: integer('id').primaryKey(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    mobile: text('mobile').unique(),
    unionId: text('union_id').unique(),
    /** The player's openid under this site's WeChat app (from WeChat sign-in or the silent authorization): the payer of WeChat Pay JSAPI. */
    wechatOpenId: text('wechat_open_id'),
    boundAgentId: integer('bound_agent_id').references((): AnyPgColumn => agents.id),
    /** When it bound to its current agent (null: unbound, or bound before this was kept). */
    boundAt: timestamp('bound_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // With the id: the console's default order (newest first, the id breaking ties) and its CSV batches.
    index('players_created_idx').on(t.createdAt, t.id),
    index('players_bound_agent_idx').on(t.boundAgentId, t.boundAt),
  ],
);

/** A promoter. Every agent is also a player; levels 1 diamond, 2 gold, 3 silver; a child's level is greater. */
export const agents = pgTable(
  'agents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10001 }),
    playerId: integer('player_id')
      .notNull()
      .unique()
      .references(() => players.id),
    level: smallint('level').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => agents.id),
    status: text('status', { enum: ['active', 'frozen', 'pending', 'refused'] })
      .notNull()
      .default('active'),
    passwordHash: text('password_hash'),
    /** Price per diamond in fen set by the parent; null means the level's price. */
    priceFen: integer('price_fen'),
    /**
     * How many agents stand below this one, at any depth. Kept by the database itself (triggers
     * agents_team_size_*, src/db/functions/team-size.sql) on every insert, move and delete, so no request counts a subtree.
     */
    teamSize: integer('team_size').notNull().default(0),
    /** How many agents have this one as their parent; kept by the same trigger. */
    childCount: integer('child_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('agents_level_range', sql`${t.level} between 1 and 3`),
    index('agents_parent_idx').on(t.parentId),
    index('agents_created_idx').on(t.createdAt),
  ],
);

/**
 * Every balance lives here: an agent's cash (fen) and diamonds, a player's in-game diamonds.
 * The check makes "never below zero" a database fact, not only an application rule.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    ownerType: text('owner_type', { enum: ['agent', 'player'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    /**
     * 'owed' (agents only, decision 043): what a refund's clawback could not take from the balance; the agent's next
     * profit pays it first (`ledger_repay_owed`), so no balance is ever negative.
     */
    currency: text('currency', { enum: ['balance', 'diamonds', 'owed'] }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    /**
     * How many ledger entries the account has, kept by the posting itself (`ledger_post`, src/db/functions/ledger.sql) under the
     * same row lock as `value`: the bill list's count without walking the entries (decision 028).
     */
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_owner_currency_uq').on(t.ownerType, t.ownerId, t.currency),
    check('accounts_value_not_negative', sql`${t.value} >= 0`),
    check('accounts_player_diamonds_only', sql`${t.ownerType} = 'agent' or ${t.currency} = 'diamonds'`),
  ],
);

/** One row per change of an account, written in the same transaction as the change. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    after: bigint('after', { mode: 'number' }).notNull(),
    billType: smallint('bill_type').notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    counterpartyType: text('counterparty_type', { enum: ['agent', 'player'] }),
    counterpartyId: integer('counterparty_id'),
    /** The memo in Chinese, as written (the platform's language; older entries have only this). */
    memo: text('memo').notNull().default(''),
    /** The memo's message key and parameters, so each reader sees it in its own language. */
    memoKey: text('memo_key'),
    memoParams: jsonb('memo_params').$type<Record<string, string | number>>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_bill_type_range', sql`${t.billType} between 1 and 11`),
    check('ledger_amount_not_zero', sql`${t.amount} <> 0`),
    // The flow screens page one account's entries newest first, optionally of one type: the index is walked
    // backwards. (Declared ascending on purpose: drizzle's desc() means DESC NULLS LAST, which cannot serve the
    // queries' ORDER BY ... DESC, whose default is NULLS FIRST.)
    index('ledger_account_time_idx_v2').on(t.accountId, t.createdAt, t.id),
    index('ledger_account_type_time_idx_v2').on(t.accountId, t.billType, t.createdAt, t.id),
    // The console's reports sum a bill type over a period across all accounts.
    index('ledger_type_time_idx').on(t.billType, t.createdAt),
  ],
);

/** Opaque session tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    agentId: integer('agent_id').references(() => agents.id),
    /** The browser's User-Agent at sign-in (cut to 300 characters), named as a device in the session lists. */
    userAgent: text('user_agent').notNull().default(''),
    /** The client's address at sign-in. */
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_player_idx').on(t.playerId)],
);

/**
 * Single-use login tickets minted by the game server. The player id is the game's word and may name an
 * identity with no game account yet (tokenLogin answers 1001 then), so it carries no foreign key.
 */
export const loginTickets = pgTable('login_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  playerId: integer('player_id').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Signatures of the game integration API already accepted: a replay is refused. */
export const gameApiSignatures = pgTable(
  'game_api_signatures',
  { signature: text('signature').primaryKey(), createdAt: createdAt() },
  (t) => [index('game_api_signatures_time_idx').on(t.createdAt)],
);

/** Operator settings. Only rows marked public may be read by anyone. */
export const options = pgTable('options', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  isPublic: boolean('is_public').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A text the operator writes in other languages: `{ "en": { ... }, "ja": { ... } }`, keyed by the web's language codes.
 * The row's own columns hold the Chinese text, the fallback of every language missing here.
 */
export type Translations<T> = Partial<Record<string, T>>;

export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  translations: jsonb('translations')
    .$type<Translations<{ title: string; content: string }>>()
    .notNull()
    .default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const goodsCategories = pgTable('goods_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  names: jsonb('names').$type<Translations<string>>().notNull().default({}),
  sort: integer('sort').notNull().default(0),
});

/** A diamond package; its price is diamonds x the buyer's price per diamond. */
export const goods = pgTable('goods', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => goodsCategories.id),
  name: text('name').notNull(),
  names: jsonb('names').$type<Translations<string>>().notNull().default({}),
  image: text('image').notNull().default(''),
  diamonds: integer('diamonds').notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * The first result of every money call, keyed by who called and its requestId: a retry gets this result again,
 * never a second application. Written in the same transaction as the operation itself.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** 'operator': the console's money calls (manual adjustments), keyed by the operator's id. */
    actorType: text('actor_type', { enum: ['agent', 'player', 'operator'] }).notNull(),
    actorId: integer('actor_id').notNull(),
    requestId: text('request_id').notNull(),
    operation: text('operation').notNull(),
    paramsHash: text('params_hash').notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.actorType, t.actorId, t.requestId] })],
);

/** Diamonds an agent recharged to a player. */
export const recharges = pgTable(
  'recharges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    diamonds: integer('diamonds').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('recharges_agent_time_idx_v2').on(t.agentId, t.createdAt)],
);

/** Diamonds an agent passed to an agent of its downline. */
export const transfers = pgTable('transfers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  fromAgentId: integer('from_agent_id')
    .notNull()
    .references(() => agents.id),
  toAgentId: integer('to_agent_id')
    .notNull()
    .references(() => agents.id),
  diamonds: integer('diamonds').notNull(),
  createdAt: createdAt(),
});

/** Cash an agent asked to take out; the amount left its balance when it was made. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    accountType: text('account_type', { enum: ['wechat', 'alipay', 'bank'] }).notNull(),
    accountName: text('account_name').notNull(),
    /** Older rows only: the number in clear, moved to accountSealed at start (decision 019); null on every new row. */
    accountNo: text('account_no'),
    /** A copy of the number it is paid to, sealed (AES-256-GCM); deleting the payout account later changes nothing. */
    accountSealed: text('account_sealed'),
    /** The number as the agent and every answer read it: the first 12 characters hidden by asterisks. */
    accountMasked: text('account_masked'),
    /** The saved payout account it was made from, if any (no foreign key: the account may be deleted later). */
    payoutAccountId: bigint('payout_account_id', { mode: 'number' }),
    bankName: text('bank_name'),
    /** The reason of a rejection or a failure, as the agent reads it. */
    remark: text('remark'),
    createdAt: createdAt(),
    /** When it was approved or rejected. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When it was paid or failed, and the transfer reference or voucher note of a payment. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    reference: text('reference'),
    /**
     * How many operators must approve it, decided at its first approval by the two-person rule (decision 037) and kept,
     * so a change of the limits later does not move a withdrawal already under review; null before any approval.
     */
    approvalsNeeded: smallint('approvals_needed'),
    /** Why a second operator must approve it (TwoPersonReason): null when one is enough. */
    reviewReason: text('review_reason', { enum: ['amount', 'operatorDaily', 'targetDaily'] }),
    /**
     * How an approved withdrawal is paid (decision 043): null by hand (an operator pays and marks it), 'transfer'
     * through the provider's merchant transfer (a WeChat payout account, paid by the job queue), 'file' in a payout
     * file for the bank or Alipay (payoutBatchId). Set when it is approved; while a transfer or a file is open, no
     * operator marks it by hand.
     */
    payoutMethod: text('payout_method', { enum: ['transfer', 'file'] }),
    /** The provider's word on its transfer (TransferStatus), its transfer_bill_no and the package_info to confirm. */
    transferStatus: text('transfer_status'),
    transferRef: text('transfer_ref'),
    transferPackage: text('transfer_package'),
    /** When the job queue next asks about (or sends again) the transfer; null once it is final. */
    transferCheckAt: timestamp('transfer_check_at', { withTimezone: true }),
    transferAttempts: integer('transfer_attempts').notNull().default(0),
    /** The last refusal or silence of the provider, for the console (never shown to the agent as is). */
    transferError: text('transfer_error'),
    payoutBatchId: bigint('payout_batch_id', { mode: 'number' }).references(
      (): AnyPgColumn => payoutBatches.id,
    ),
  },
  (t) => [
    index('withdrawals_transfer_check_idx')
      .on(t.transferCheckAt)
      .where(sql`${t.transferCheckAt} is not null`),
    index('withdrawals_batch_idx')
      .on(t.payoutBatchId)
      .where(sql`${t.payoutBatchId} is not null`),
    check(
      'withdrawals_amount_positive',
      sql`${t.amountFen} > 0 and ${t.feeFen} >= 0 and ${t.feeFen} <= ${t.amountFen}`,
    ),
    index('withdrawals_agent_time_idx_v2').on(t.agentId, t.createdAt),
    index('withdrawals_status_time_idx').on(t.status, t.createdAt),
  ],
);

/** Balance turned into diamonds at the agent's own price. */
export const exchanges = pgTable('exchanges', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  agentId: integer('agent_id')
    .notNull()
    .references(() => agents.id),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  priceFen: integer('price_fen').notNull(),
  diamonds: integer('diamonds').notNull(),
  createdAt: createdAt(),
});

/** SMS codes: only an HMAC of the code is kept; a code is usable once, for five minutes, with five tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_mobile_time_idx_v2').on(t.mobile, t.createdAt)],
);

/** Failed password attempts per key (agent id, address, trusted device): the same on every instance. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_failures_key_time_idx_v2').on(t.key, t.createdAt)],
);

/**
 * Devices an agent has signed in on with its password (docs/decisions/014): a random token kept by the browser,
 * stored here only as its SHA-256. The right password from such a device signs in even while strangers'
 * wrong guesses hold the account back.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trusted_devices_agent_idx').on(t.agentId)],
);

/** A purchase in the shop and its payment. `uid` is the buying account's player id. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** Set when the buyer is an agent: the diamonds go to its stock. Otherwise to the player's game account. */
    agentId: integer('agent_id').references(() => agents.id),
    requestId: text('request_id').notNull(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    goodsName: text('goods_name').notNull(),
    quantity: integer('quantity').notNull(),
    diamonds: integer('diamonds').notNull(),
    unitPriceFen: integer('unit_price_fen').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /**
     * 'held': paid, not delivered (the buying agent was frozen when the payment came): the operator refunds it.
     * 'refunded': all of its amount went back to the buyer (decision 043); a part refunded leaves it paid or held,
     * with refundedFen.
     */
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'expired', 'held', 'refunded'] })
      .notNull()
      .default('pending'),
    /**
     * The prices this order was sold at, frozen when it was created: the buyer's unit price and the upline with each
     * agent's price (an agent's purchase) or commission rate (a player's). Profit is paid from this alone, so a price
     * change, a re-parenting, a rebinding or a level change before the payment lands changes nothing for the order.
     * Null only on orders placed before it was kept (migration 0008): those are priced when paid.
     */
    pricing: jsonb('pricing').$type<OrderPricing>(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** How the buyer pays: 'h5' leaves for the provider's checkout; 'jsapi' pays in WeChat's browser through its JS bridge. */
    payChannel: text('pay_channel', { enum: ['h5', 'jsapi'] })
      .notNull()
      .default('h5'),
    /** Where the buyer goes: the provider's checkout (h5), or this order's page once the bridge has answered (jsapi). */
    payUrl: text('pay_url'),
    /** WeChat Pay's prepay_id of a JSAPI order, from which the bridge's parameters are signed. */
    prepayId: text('prepay_id'),
    /** When the provider was last asked about this pending order (at most every few seconds). */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What its succeeded refunds gave back (decision 043), kept with the refund's own transaction. */
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('orders_refunded_within_amount', sql`${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.amountFen}`),
    uniqueIndex('orders_player_request_uq').on(t.playerId, t.requestId),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // The console's sales reports: paid orders by the time they were paid.
    index('orders_paid_time_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('orders_time_idx').on(t.createdAt, t.id),
    check('orders_amount_positive', sql`${t.amountFen} > 0 and ${t.quantity} > 0`),
  ],
);

/** Every payment notification received, verified or not, and what was done with it: the audit trail. */
export const paymentNotifications = pgTable('payment_notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  provider: text('provider').notNull(),
  orderId: text('order_id'),
  providerRef: text('provider_ref'),
  amountFen: bigint('amount_fen', { mode: 'number' }),
  outcome: text('outcome').notNull(),
  /** How it came: the provider's notification, or our own query of the provider (the order's page polling). */
  source: text('source', { enum: ['notification', 'query'] })
    .notNull()
    .default('notification'),
  createdAt: createdAt(),
});

// ---- the operator console (decision 018) -------------------------------------------------------------------------

/** People who run the platform, apart from agents: own passwords (argon2id), TOTP, roles. */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['owner', 'finance', 'support', 'viewer'] }).notNull(),
  /** The TOTP secret, encrypted with a key derived from APP_SECRET (operators/totp.ts); never answered. */
  totpSecret: text('totp_secret').notNull(),
  /** The last time step a code was accepted for: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  twoFactorEnrolled: boolean('two_factor_enrolled').notNull().default(false),
  /** Set for a one-time password (created, reset): only the operator's own calls go through until it is changed. */
  mustChangePassword: boolean('must_change_password').notNull().default(true),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
});

/** Operator sessions: opaque tokens, only their SHA-256 stored, sliding expiry, revocable. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Who approved a withdrawal: above the review threshold two different operators must (two-person rule). */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.withdrawalId, t.operatorId] }),
    // What one operator approved today (the two-person rule's daily sum, decision 037).
    index('withdrawal_approvals_operator_time_idx').on(t.operatorId, t.createdAt),
  ],
);

/**
 * Every operator action, failed sign-ins included. Append-only: a trigger of the migration refuses UPDATE, DELETE
 * and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id').references(() => operators.id),
    /** As typed at a sign-in (the operator may not exist), else the operator's name. */
    operatorName: text('operator_name').notNull(),
    address: text('address').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_time_idx').on(t.createdAt, t.id),
    index('audit_log_operator_time_idx').on(t.operatorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * Manual adjustments of an agent's balance or diamonds or a player's diamonds (bill type 9, decision 018). Applied at
 * once at or below adjust.reviewThreshold; above it created 'pending' and applied when a second, different operator
 * approves it (a compare-and-set on the status under the row lock), or 'rejected'.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerType: text('owner_type', { enum: ['agent', 'player'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    /**
     * 'owed' (agents only, decision 043): what a refund's clawback could not take from the balance; the agent's next
     * profit pays it first (`ledger_repay_owed`), so no balance is ever negative.
     */
    currency: text('currency', { enum: ['balance', 'diamonds'] }).notNull(),
    /** Signed: fen for the balance, whole diamonds for diamonds. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'applied', 'rejected'] }).notNull(),
    approvalsNeeded: smallint('approvals_needed').notNull(),
    /** Why a second operator must approve it (TwoPersonReason, decision 037): null when one is enough. */
    reviewReason: text('review_reason', { enum: ['amount', 'operatorDaily', 'targetDaily'] }),
    /** What the agent is told with the adjustment of its own account (its inbox); the reason stays internal. */
    notice: text('notice'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => operators.id),
    decidedBy: integer('decided_by').references(() => operators.id),
    rejectReason: text('reject_reason'),
    /** The account's value before and after the adjustment was applied. */
    valueBefore: bigint('value_before', { mode: 'number' }),
    valueAfter: bigint('value_after', { mode: 'number' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('adjustments_amount_not_zero', sql`${t.amount} <> 0`),
    check('adjustments_player_diamonds_only', sql`${t.ownerType} = 'agent' or ${t.currency} = 'diamonds'`),
    index('adjustments_status_time_idx').on(t.status, t.createdAt),
    index('adjustments_owner_idx').on(t.ownerType, t.ownerId, t.createdAt),
    // What one operator adjusted today (the two-person rule's daily sum, decision 037).
    index('adjustments_creator_time_idx').on(t.createdBy, t.createdAt),
    // The console's unfiltered list, newest first with the id breaking ties.
    index('adjustments_time_idx').on(t.createdAt, t.id),
  ],
);

/**
 * What the operator tells the agents: to all of them (level null) or to one level. The agent reads it in its language
 * (translations), Chinese being the fallback. Withdrawn ones stay for the record and are no longer shown.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    translations: jsonb('translations')
      .$type<Translations<{ title: string; content: string }>>()
      .notNull()
      .default({}),
    /** Null: every agent; else only agents of this level. */
    level: smallint('level'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    check('announcements_level_range', sql`${t.level} is null or ${t.level} between 1 and 3`),
    index('announcements_time_idx').on(t.createdAt, t.id),
  ],
);

/**
 * What happened to an agent, to read in its inbox: written in the transaction of the event itself (a withdrawal
 * reviewed, a sub-agent or player joined, a profit credited, an order paid or expired, an announcement). `kind` is a
 * message key, `params` its parameters, so each agent reads it in its own language.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    refType: text('ref_type'),
    refId: text('ref_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_agent_idx').on(t.agentId, t.id),
    index('notifications_unread_idx')
      .on(t.agentId, t.id)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * An agent's saved payout accounts (decision 019): a bank card, Alipay or WeChat. The number is personal data: stored
 * sealed with AES-256-GCM under a key from the configuration, answered only masked (the first 12 characters hidden).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    type: text('type', { enum: ['wechat', 'alipay', 'bank'] }).notNull(),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name'),
    accountSealed: text('account_sealed').notNull(),
    accountMasked: text('account_masked').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_accounts_agent_idx').on(t.agentId, t.id),
    uniqueIndex('payout_accounts_one_default_uq')
      .on(t.agentId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Each time an agent's invite link is opened (decision 020, the web-analytics dashboard): the visitor is a random id the
 * browser keeps, stored hashed, so opens and distinct visitors can be counted without knowing who they are.
 */
export const inviteOpens = pgTable(
  'invite_opens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('invite_opens_agent_time_idx').on(t.agentId, t.createdAt)],
);

/** PostgreSQL's 64-bit transaction id, read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The game's outbox (decision 040): one event for every change of a player's diamonds, written by the ledger's own
 * posting (`ledger_post` -> `game_event_record`, src/db/functions/game-events.sql) in the transaction of its entry,
 * so an event exists exactly when its credit committed. Delivered to the game by the job queue (Standard Webhooks)
 * and served by the signed pull feed `game/events`, ordered by (txid, position): a reader never skips an event whose
 * transaction committed late, because the feed serves only transactions older than every one still running.
 */
export const gameEvents = pgTable(
  'game_events',
  {
    id: text('id').primaryKey(),
    /** The writing transaction's id: the feed's order, with `position`. */
    txid: xid8('txid').notNull(),
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    type: text('type', { enum: ['diamonds.credited', 'diamonds.debited'] }).notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** Signed: positive credits the player, negative takes diamonds back. */
    diamonds: integer('diamonds').notNull(),
    /** The player's own order of its events, 1, 2, 3... (its diamonds account's entry count). */
    sequence: integer('sequence').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    /** The agent that recharged the player (a recharge), else null. */
    agentId: integer('agent_id'),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next try is due (null: none due, delivered or failed). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    /** A delivery in flight holds the event until then; past it, another worker may take it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('game_events_feed_idx').on(t.txid, t.position),
    uniqueIndex('game_events_player_seq_uq').on(t.playerId, t.sequence),
    index('game_events_source_idx').on(t.sourceType, t.sourceId),
    index('game_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('game_events_created_idx').on(t.createdAt),
    // The console's counts, lag and lists of the events that wait or failed (decision 040): small partial indexes,
    // where the delivered ones, nearly all, take no room.
    index('game_events_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('game_events_failed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/** Every try of a delivery: when, the answer's status (null: no answer), how long, the answer's first 1 KB. */
export const gameEventAttempts = pgTable(
  'game_event_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text('event_id')
      .notNull()
      .references(() => gameEvents.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    httpStatus: integer('http_status'),
    latencyMs: integer('latency_ms').notNull(),
    response: text('response').notNull().default(''),
    error: text('error'),
  },
  (t) => [
    index('game_event_attempts_event_idx').on(t.eventId, t.id),
    // The console's last hour: deliveries and their latency.
    index('game_event_attempts_at_idx').on(t.at),
  ],
);

/**
 * The game's endpoint as operators steer it: one row. Paused by a 410 Gone or by an operator. Its signing secret once
 * the console rotated it (decision 040): sealed with a key derived from PAYOUT_ENCRYPTION_KEY (crypto/seal.ts), the
 * one it replaced beside it until the rotation is finished.
 */
export const gameEndpoint = pgTable(
  'game_endpoint',
  {
    id: smallint('id').primaryKey().default(1),
    paused: boolean('paused').notNull().default(false),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedReason: text('paused_reason'),
    /** The operator who paused it (its name); null when the game's 410 Gone did. */
    pausedBy: text('paused_by'),
    /** The newest secret the console generated, sealed; null: GAME_WEBHOOK_SECRET signs. */
    secretSealed: text('secret_sealed'),
    /** The console's secret it replaced, sealed, while the rotation is open; null: the configured ones. */
    previousSecretSealed: text('previous_secret_sealed'),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
    /** When the rotation was finished (the new secret signs alone); null while both sign. */
    rotationFinishedAt: timestamp('rotation_finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('game_endpoint_one_row', sql`${t.id} = 1`)],
);

// ---- money out through the provider (decision 043) ---------------------------------------------------------------

/**
 * Money given back to the buyer of a paid (or held) order, in part or whole. Its id is the provider's out_refund_no:
 * one id is one refund for ever (decision 041). The row is written before the provider is called, so a crash leaves a
 * refund to ask about, never one forgotten. requested -> approved (one operator, or two past the limits) -> sent to
 * the provider by the job queue -> processing -> succeeded (the clawbacks posted in that transaction) | closed |
 * abnormal; requested -> rejected; approved -> failed when the provider never took it and refuses it for good.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** Why, as the buyer reads it at the provider and the agents in their bills. */
    reason: text('reason').notNull(),
    status: text('status', {
      enum: ['requested', 'approved', 'processing', 'succeeded', 'closed', 'abnormal', 'rejected', 'failed'],
    })
      .notNull()
      .default('requested'),
    /** The operator's request id: the same click sent twice is one refund. */
    requestId: text('request_id').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => operators.id),
    approvalsNeeded: smallint('approvals_needed').notNull().default(1),
    reviewReason: text('review_reason', { enum: ['amount', 'operatorDaily', 'targetDaily'] }),
    /** The provider's refund_id, once it has one. */
    providerRef: text('provider_ref'),
    /** When the job queue next sends or asks about it; null once it is final. */
    checkAt: timestamp('check_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Whether the provider may have it: set before the first call, so a silence is asked about, never resent blindly. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** A second operator's rejection, or the provider's final refusal. */
    remark: text('remark'),
    /** Diamonds its clawback found no longer with the buyer (spent, sold on): not taken, never owed. */
    diamondsShort: integer('diamonds_short').notNull().default(0),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_order_request_uq').on(t.orderId, t.requestId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_status_time_idx').on(t.status, t.createdAt),
    index('refunds_check_idx')
      .on(t.checkAt)
      .where(sql`${t.checkAt} is not null`),
    check('refunds_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/** Who approved a refund: its maker is the first; a second, different operator past the limits (decision 037). */
export const refundApprovals = pgTable(
  'refund_approvals',
  {
    refundId: text('refund_id')
      .notNull()
      .references(() => refunds.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.operatorId] })],
);

/**
 * A payout file (decision 043): approved withdrawals to bank cards or Alipay, exported together for the bank's (or
 * Alipay's) bulk transfer, then settled by importing the result file. A withdrawal is in one open file at most.
 */
export const payoutBatches = pgTable('payout_batches', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['bank', 'alipay'] }).notNull(),
  status: text('status', { enum: ['exported', 'settled', 'cancelled'] })
    .notNull()
    .default('exported'),
  count: integer('count').notNull(),
  totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
  /** SHA-256 of the file as exported, so a result file is matched to the file it answers. */
  fileSha256: text('file_sha256').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => operators.id),
  createdAt: createdAt(),
  settledBy: integer('settled_by').references(() => operators.id),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/**
 * A result file imported for a payout file: read and matched first (the preview, nothing marked), then applied once by
 * an operator who reviewed it. The lines and what each will do are kept, so the review shows what is applied.
 */
export const payoutImports = pgTable('payout_imports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  batchId: bigint('batch_id', { mode: 'number' })
    .notNull()
    .references(() => payoutBatches.id),
  status: text('status', { enum: ['previewed', 'applied', 'discarded'] })
    .notNull()
    .default('previewed'),
  fileSha256: text('file_sha256').notNull(),
  /** Each line read: its withdrawal (or none), paid or failed, reference or reason, and what applying it will do. */
  lines: jsonb('lines').notNull(),
  uploadedBy: integer('uploaded_by')
    .notNull()
    .references(() => operators.id),
  createdAt: createdAt(),
  appliedBy: integer('applied_by').references(() => operators.id),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
});

/** One day's reconciliation with the provider's trade bill (decision 043): downloaded, hash checked, compared. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    /** The platform's date the bill covers. */
    billDate: text('bill_date').notNull(),
    status: text('status', { enum: ['running', 'matched', 'mismatched', 'failed'] })
      .notNull()
      .default('running'),
    matched: integer('matched').notNull().default(0),
    mismatched: integer('mismatched').notNull().default(0),
    /** Why the bill could not be had or read (a failed run is tried again by the next schedule). */
    error: text('error'),
    startedAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('reconciliation_runs_day_uq').on(t.provider, t.billDate)],
);

/**
 * One line of a reconciliation: a payment, refund or transfer as we hold it beside the provider's. `outcome` is
 * 'matched', 'missingHere' (the provider has it, we do not), 'missingThere' (we have it, the provider does not) or
 * 'amountDiffers'; a mismatch is resolved by a person with a reason.
 */
export const reconciliationItems = pgTable(
  'reconciliation_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => reconciliationRuns.id),
    kind: text('kind', { enum: ['payment', 'refund', 'transfer'] }).notNull(),
    /** Our id: the order, the refund or the withdrawal's transfer. */
    ref: text('ref').notNull(),
    providerRef: text('provider_ref'),
    ourFen: bigint('our_fen', { mode: 'number' }),
    theirFen: bigint('their_fen', { mode: 'number' }),
    outcome: text('outcome', { enum: ['matched', 'missingHere', 'missingThere', 'amountDiffers'] }).notNull(),
    resolvedBy: integer('resolved_by').references(() => operators.id),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reconciliation_items_run_ref_uq').on(t.runId, t.kind, t.ref),
    index('reconciliation_items_open_idx')
      .on(t.runId)
      .where(sql`${t.outcome} <> 'matched' and ${t.resolvedAt} is null`),
  ],
);
