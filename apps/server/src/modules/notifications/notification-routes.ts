import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { listInbox, markRead, unreadCount } from './notification-service';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'notificationList', async ({ agentId, input, request }) =>
    listInbox(app.db, agentId, input, request.locale),
  );
  defineCall(app, 'notificationUnreadCount', async ({ agentId }) => ({
    unread: await unreadCount(app.db, agentId),
  }));
  defineCall(app, 'notificationMarkRead', async ({ agentId, input }) => ({
    unread: await markRead(app.db, agentId, input.ids ? { ids: input.ids } : { upTo: input.upTo as string }),
  }));
}
