import { z } from 'zod';
import { ZMoney } from './money';
import { ZAgentLevel, ZAgentStatus, ZWithdrawalAccountType, ZWithdrawalStatus } from './enums';

/** The range of PostgreSQL's `integer` (int4): every integer input fits a column of that type. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number typed or sent by a client, coerced from a query string, within int4. `Infinity`, `NaN`, `1e308`,
 * `2147483648` are refused by the schema, never by the database.
 */
export const ZInt = (min = 0, max = INT4_MAX) => z.coerce.number().int().min(min).max(max);
/** A positive id of a row (int4 primary keys, game player ids). */
export const ZId = z.coerce.number().int().positive().max(INT4_MAX);

/** C0 control characters and DEL: NUL cannot be stored by PostgreSQL at all, the others make no sense in a field. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

/**
 * A one-line text input: at most `max` characters, no control characters (NUL, line breaks, ...); trimmed unless
 * `trim: false` (passwords are taken as typed).
 */
export function ZText(max: number, options: { min?: number; trim?: boolean } = {}) {
  const base = options.trim === false ? z.string() : z.string().trim();
  return base
    .min(options.min ?? 0)
    .max(max)
    .refine((value) => !hasControlCharacters(value), { message: 'must not contain control characters' });
}

export const MAX_PAGE_SIZE = 100;

export const ZPageQuery = z.object({
  page: ZInt(1).default(1),
  pageSize: ZInt(1, MAX_PAGE_SIZE).default(20),
});

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Game player ids are positive integers minted by the game server. */
export const ZPlayerId = ZId;
export const ZAgentId = ZId;
/** A mainland mobile number: 11 digits, the first a 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;
export const ZMobile = z.string().trim().regex(MOBILE_PATTERN, 'mobile must be an 11-digit mainland number');
export const ZRequestId = z.uuid('requestId must be a UUID');
export const ZIsoDate = z.iso.datetime({ offset: true });

/** The years a date typed or sent by a client may fall in; anything else is a mistake (or an attack). */
export const DATE_INPUT_MIN_YEAR = 2000;
export const DATE_INPUT_MAX_YEAR = 2100;
/** An ISO date-time as an input: ZIsoDate within DATE_INPUT_MIN_YEAR..DATE_INPUT_MAX_YEAR. */
export const ZIsoDateInput = ZIsoDate.refine(
  (value) => {
    const time = Date.parse(value);
    if (Number.isNaN(time)) return false;
    const year = new Date(time).getUTCFullYear();
    return year >= DATE_INPUT_MIN_YEAR && year <= DATE_INPUT_MAX_YEAR;
  },
  { message: `date must be between ${DATE_INPUT_MIN_YEAR} and ${DATE_INPUT_MAX_YEAR}` },
);

export const ZPlayer = z.object({
  playerId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  agentId: z.number().int().nullable(),
  diamonds: z.number().int(),
  mobile: z.string().nullable(),
});
export type TPlayer = z.infer<typeof ZPlayer>;

/** The signed-in agent as the header and the main page show it. */
export const ZAgentUser = z.object({
  agentId: z.number().int(),
  playerId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  level: ZAgentLevel,
  status: ZAgentStatus,
  balance: ZMoney,
  /**
   * What refunds took back that its balance could not cover (decision 043): paid first from its next profit; "0.00"
   * when it owes nothing.
   */
  owed: ZMoney.default('0.00'),
  diamonds: z.number().int(),
  todayProfit: ZMoney,
  todayDiamonds: z.number().int(),
  mobile: z.string().nullable(),
  parentId: z.number().int().nullable(),
  inviteUrl: z.string(),
});
export type TAgentUser = z.infer<typeof ZAgentUser>;

export const ZLoginResult = z.object({
  token: z.string(),
  isAgent: z.boolean(),
  user: ZAgentUser.optional(),
  player: ZPlayer.optional(),
});
export type TLoginResult = z.infer<typeof ZLoginResult>;

export const ZWxUserInfo = z.object({
  openid: z.string(),
  unionid: z.string(),
  nickname: z.string(),
  headimgurl: z.string(),
  sex: z.number().int().optional(),
  province: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
});
export type TWxUserInfo = z.infer<typeof ZWxUserInfo>;

export const ZEmpty = z.object({}).strict();

/**
 * The browser's half of a WeChat authorization (login CSRF guard): random, 16-64 URL-safe characters, kept in the
 * browser's session storage from getCode until the code comes back.
 */
export const ZOAuthNonce = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'nonce must be 16-64 letters, digits, - or _');

/** A withdrawal as its agent reads it; the operator's console reads more of it (`ZAdminWithdrawal`). */
export const ZWithdrawal = z.object({
  id: z.string(),
  amount: ZMoney,
  fee: ZMoney,
  status: ZWithdrawalStatus,
  accountType: ZWithdrawalAccountType,
  accountName: z.string(),
  accountNo: z.string(),
  bankName: z.string().nullable(),
  createdAt: ZIsoDate,
  reviewedAt: ZIsoDate.nullable(),
  /** The reason of a rejected or failed one, as the agent reads it. */
  remark: z.string().nullable(),
  /**
   * Paid through WeChat Pay's merchant transfer and waiting for the agent to confirm receipt in WeChat (decision 046):
   * `withdrawalTransferConfirm` gives the parameters of WeChat's confirmation (requestMerchantTransfer).
   */
  confirm: z.boolean(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

/** The direction of a list sorted on the server. */
export const ZSortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof ZSortOrder>;
