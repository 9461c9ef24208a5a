import type { CallData } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles } from '../../db/schema';
import { AppError } from '../../errors';

/** An article by its id or its slug. */
export async function readArticle(
  db: DbOrTx,
  by: { id?: number; slug?: string },
): Promise<CallData<'readArticle'>> {
  const [row] = await db
    .select()
    .from(articles)
    .where(by.id !== undefined ? eq(articles.id, by.id) : eq(articles.slug, by.slug as string));
  if (!row) throw new AppError('articleNotFound');
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    updatedAt: row.updatedAt.toISOString(),
  };
}
