import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { articles } from '../../db/schema';
import { AppError } from '../../errors';
import { defineCall } from '../../http/route';
import { getPublicOption } from '../options/options-service';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'readArticle', async ({ input }) => {
    const [row] = await app.db
      .select()
      .from(articles)
      .where(input.id !== undefined ? eq(articles.id, input.id) : eq(articles.slug, input.slug as string));
    if (!row) throw new AppError('articleNotFound');
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      content: row.content,
      updatedAt: row.updatedAt.toISOString(),
    };
  });

  defineCall(app, 'getOptionsByKey', async ({ input }) => {
    const option = await getPublicOption(app.db, input.key);
    if (option === null) throw new AppError('optionNotFound');
    if (option === 'not-public') throw new AppError('optionNotPublic');
    return { key: input.key, value: option.value };
  });
}
