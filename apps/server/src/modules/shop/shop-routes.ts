import type { FastifyInstance } from 'fastify';
import { publicUrlOf } from '../../http/public-url';
import { MONEY_RATE_LIMIT } from '../../http/rate-limits';
import { defineCall } from '../../http/route';
import { recordWechatPayer } from '../auth/wechat-service';
import { buyGoods, listCategories, queryOrder } from './shop-service';

export async function shopRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'shopCategories', async ({ session, request }) =>
    listCategories(app.db, session, request.locale),
  );
  defineCall(
    app,
    'buyGoods',
    async ({ session, input, request }) =>
      buyGoods(
        {
          db: app.db,
          payments: app.platform.payments,
          siteUrl: publicUrlOf(request),
          orderTtlMinutes: app.config.orderTtlMinutes,
          clientIp: request.ip,
          log: request.log,
          locale: request.locale,
        },
        session,
        input,
      ),
    { rateLimit: MONEY_RATE_LIMIT },
  );
  defineCall(
    app,
    'wechatPayer',
    async ({ session, input }) => recordWechatPayer(app.config, app.db, session.playerId, input),
    { rateLimit: 30 },
  );
  defineCall(app, 'orderQuery', async ({ session, input, request }) =>
    queryOrder({ db: app.db, payments: app.platform.payments, log: request.log }, session, input.orderId),
  );
}
