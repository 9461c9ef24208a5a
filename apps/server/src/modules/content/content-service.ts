import { type CallData, localizedVersion } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles } from '../../db/schema';
import { AppError } from '../../errors';
import type { Locale } from '../../i18n/messages';

/** An article by its id or its slug, in the reader's language when it has a version in it, else in Chinese. */
export async function readArticle(
  db: DbOrTx,
  by: { id?: number; slug?: string },
  locale: Locale,
): Promise<CallData<'readArticle'>> {
  const [row] = await db
    .select()
    .from(articles)
    .where(by.id !== undefined ? eq(articles.id, by.id) : eq(articles.slug, by.slug as string));
  if (!row) throw new AppError('articleNotFound');
  const { title, content } = localizedVersion(row, row.translations, locale);
  return { id: row.id, slug: row.slug, title, content, updatedAt: row.updatedAt.toISOString() };
}
