import type { FastifyInstance } from 'fastify';
import { defineCall, defineCallWithSession } from '../../http/route';
import { listInbox, markRead, unreadCountInSession } from './notification-service';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'notificationList', async ({ agentId, input, request }) =>
    listInbox(app.db, agentId, input, request.locale),
  );
  // The bell's count, asked on every screen and every 15 s: one statement with its session (decision 026).
  defineCallWithSession(app, 'notificationUnreadCount', async (scope) => unreadCountInSession(app.db, scope));
  defineCall(app, 'notificationMarkRead', async ({ agentId, input }) => ({
    unread: await markRead(app.db, agentId, input.ids ? { ids: input.ids } : { upTo: input.upTo as string }),
  }));
}
