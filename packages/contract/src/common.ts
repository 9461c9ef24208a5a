import { z } from 'zod';
import { ZMoney } from './money';
import { ZAgentLevel, ZAgentStatus } from './enums';

export const MAX_PAGE_SIZE = 100;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
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
export const ZPlayerId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZAgentId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZMobile = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, 'mobile must be an 11-digit mainland number');
export const ZRequestId = z.uuid('requestId must be a UUID');
export const ZIsoDate = z.iso.datetime({ offset: true });

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
