import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall } from '../../http/route';
import {
  getArticle,
  listAnnouncements,
  listArticles,
  saveAnnouncement,
  saveArticle,
  withdrawAnnouncement,
} from './content-admin-service';

const actorOf = (operator: { operatorId: number; name: string }, request: FastifyRequest) => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

/** The console's articles and announcements (decision 018). */
export async function contentAdminRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'adminArticleList', async () => listArticles(app.db));
  defineCall(app, 'adminArticleGet', async ({ input }) => getArticle(app.db, input.id));
  defineCall(app, 'adminArticleSave', async ({ operator, request, input }) =>
    saveArticle(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAnnouncementList', async ({ input }) => listAnnouncements(app.db, input));
  defineCall(app, 'adminAnnouncementSave', async ({ operator, request, input }) =>
    saveAnnouncement(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAnnouncementWithdraw', async ({ operator, request, input }) =>
    withdrawAnnouncement(app.db, actorOf(operator, request), input.id),
  );
}
