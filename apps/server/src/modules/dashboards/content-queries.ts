import {
  type AgentLevel,
  localizedVersion,
  type TDashboardAnnouncement,
  type TDashboardArticle,
} from '@promoter/contract';
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, announcements, articles } from '../../db/schema';
import type { Locale } from '../../i18n/messages';

interface Page {
  page: number;
  pageSize: number;
}

/** The magazine dashboard: the platform's articles, last changed first. */
export async function magazine(db: DbOrTx, query: Page, locale: Locale) {
  const rows = await db
    .select()
    .from(articles)
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(articles);
  const list: TDashboardArticle[] = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    ...localizedVersion(row, row.translations, locale),
    updatedAt: row.updatedAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The news dashboard: the announcements to every agent or to the reader's level, not withdrawn, newest first. */
export async function news(db: DbOrTx, agentId: number, query: Page, locale: Locale) {
  const [me] = await db.select({ level: agents.level }).from(agents).where(eq(agents.id, agentId));
  const visible = and(
    isNull(announcements.withdrawnAt),
    or(isNull(announcements.level), eq(announcements.level, me?.level ?? 0)),
  );
  const rows = await db
    .select()
    .from(announcements)
    .where(visible)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(announcements).where(visible);
  const list: TDashboardAnnouncement[] = rows.map((row) => ({
    id: row.id,
    ...localizedVersion(row, row.translations, locale),
    level: row.level as AgentLevel | null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
