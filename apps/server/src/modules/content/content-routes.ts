import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { readPublicOption } from '../options/options-service';
import { readArticle } from './content-service';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'readArticle', async ({ input, request }) => readArticle(app.db, input, request.locale));
  defineCall(app, 'getOptionsByKey', async ({ input }) => readPublicOption(app.db, input.key));
}
