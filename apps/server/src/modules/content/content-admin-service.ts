import {
  type AgentLevel,
  type CallData,
  compactTitledTranslations,
  type TAdminAnnouncement,
  type TAdminArticle,
  type TitledText,
  type TitledTranslations,
} from '@promoter/contract';
import { type AnyColumn, and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { announcements, articles, operators } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';

/**
 * The console's articles and announcements (decision 018). Chinese lives in the row's own columns (the
 * fallback of every language), the other languages in `translations`, complete versions only. A change is a
 * compare-and-set on the `updatedAt` the operator's edit started from, in one transaction with its audit entry (the
 * texts before and after): of two operators editing at once, the second is told to reload, never overwrites unseen.
 */

type ArticleRow = typeof articles.$inferSelect;
type AnnouncementRow = typeof announcements.$inferSelect;
type Texts = { title: string; content: string; translations: TitledTranslations };

interface TextsInput {
  title: string;
  content: string;
  translations?: Partial<Record<string, TitledText>>;
  /** The version the operator's edit started from: required to change a text. */
  expectedUpdatedAt?: string;
}

export interface ArticleInput extends TextsInput {
  id?: number;
  /** A new article's slug; an existing one keeps its own. */
  slug?: string;
}

export interface AnnouncementInput extends TextsInput {
  id?: number;
  level: AgentLevel | null;
}

/** The timestamp as the client holds it (milliseconds): what a compare-and-set on `updatedAt` compares. */
const sameVersion = (column: AnyColumn, expected: string) =>
  sql`date_trunc('milliseconds', ${column}) = ${new Date(expected).toISOString()}::timestamptz`;

const textsOf = (row: { title: string; content: string; translations: TitledTranslations }): Texts => ({
  title: row.title,
  content: row.content,
  translations: row.translations,
});

const sameTexts = (a: Texts, b: Texts) =>
  a.title === b.title &&
  a.content === b.content &&
  JSON.stringify(Object.entries(a.translations).sort()) ===
    JSON.stringify(Object.entries(b.translations).sort());

function toArticleDto(row: ArticleRow): TAdminArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    translations: row.translations as Record<string, { title: string; content: string }>,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listArticles(db: DbOrTx): Promise<CallData<'adminArticleList'>> {
  const rows = await db.select().from(articles).orderBy(asc(articles.id));
  return {
    list: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      locales: Object.keys(row.translations).sort(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

export async function getArticle(db: DbOrTx, id: number): Promise<TAdminArticle> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  if (!row) throw new AppError('articleNotFound');
  return toArticleDto(row);
}

/** Creates an article under a new slug, or changes one (its slug kept) from the version the operator started from. */
export async function saveArticle(db: Db, actor: AuditActor, input: ArticleInput): Promise<TAdminArticle> {
  const texts: Texts = {
    title: input.title,
    content: input.content,
    translations: compactTitledTranslations(input.translations),
  };
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [created] = await tx
        .insert(articles)
        .values({ slug: input.slug as string, ...texts })
        .onConflictDoNothing({ target: articles.slug })
        .returning();
      if (!created) throw new AppError('articleSlugTaken', { slug: input.slug as string });
      await recordAudit(tx, actor, {
        action: 'article.create',
        target: { type: 'article', id: String(created.id) },
        after: { slug: created.slug, ...texts },
      });
      return toArticleDto(created);
    }
    const [current] = await tx.select().from(articles).where(eq(articles.id, input.id));
    if (!current) throw new AppError('articleNotFound');
    const before = textsOf(current);
    if (sameTexts(before, texts)) return toArticleDto(current);
    const [changed] = await tx
      .update(articles)
      .set({ ...texts, updatedAt: sql`now()` })
      .where(
        and(eq(articles.id, input.id), sameVersion(articles.updatedAt, input.expectedUpdatedAt as string)),
      )
      .returning();
    if (!changed) throw new AppError('contentChanged');
    await recordAudit(tx, actor, {
      action: 'article.update',
      target: { type: 'article', id: String(changed.id) },
      before: { slug: current.slug, ...before },
      after: { slug: changed.slug, ...texts },
    });
    return toArticleDto(changed);
  });
}

// ---- announcements ------------------------------------------------------------------------------------------------

function toAnnouncementDto(row: AnnouncementRow, createdBy: string): TAdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    translations: row.translations as Record<string, { title: string; content: string }>,
    level: row.level as AgentLevel | null,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

async function announcementDto(db: DbOrTx, row: AnnouncementRow): Promise<TAdminAnnouncement> {
  const [author] = await db
    .select({ name: operators.name })
    .from(operators)
    .where(eq(operators.id, row.createdBy));
  return toAnnouncementDto(row, author?.name ?? '');
}

export async function listAnnouncements(
  db: DbOrTx,
  query: { page: number; pageSize: number; status?: 'live' | 'withdrawn'; level?: number },
): Promise<CallData<'adminAnnouncementList'>> {
  const where = and(
    query.status === 'live' ? isNull(announcements.withdrawnAt) : undefined,
    query.status === 'withdrawn' ? isNotNull(announcements.withdrawnAt) : undefined,
    query.level === undefined
      ? undefined
      : query.level === 0
        ? isNull(announcements.level)
        : eq(announcements.level, query.level),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ announcement: announcements, createdBy: operators.name })
      .from(announcements)
      .innerJoin(operators, eq(operators.id, announcements.createdBy))
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return {
    list: rows.map((row) => toAnnouncementDto(row.announcement, row.createdBy)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Publishes an announcement (to every agent, or to one level), or changes a live one from the version the operator
 * started from. Agents read it in their inbox at once: nothing is copied per agent. A change keeps who has read it.
 */
export async function saveAnnouncement(
  db: Db,
  actor: AuditActor & { operatorId: number },
  input: AnnouncementInput,
): Promise<TAdminAnnouncement> {
  const texts: Texts = {
    title: input.title,
    content: input.content,
    translations: compactTitledTranslations(input.translations),
  };
  const { level } = input;
  const saved = await db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [created] = await tx
        .insert(announcements)
        .values({ ...texts, level, createdBy: actor.operatorId })
        .returning();
      const row = created as AnnouncementRow;
      await recordAudit(tx, actor, {
        action: 'announcement.create',
        target: { type: 'announcement', id: String(row.id) },
        after: { level, ...texts },
      });
      return row;
    }
    const [current] = await tx.select().from(announcements).where(eq(announcements.id, input.id));
    if (!current) throw new AppError('announcementNotFound');
    if (current.withdrawnAt) throw new AppError('announcementWithdrawn');
    const before = textsOf(current);
    if (sameTexts(before, texts) && current.level === level) return current;
    const [changed] = await tx
      .update(announcements)
      .set({ ...texts, level, updatedAt: sql`now()` })
      .where(
        and(
          eq(announcements.id, input.id),
          isNull(announcements.withdrawnAt),
          sameVersion(announcements.updatedAt, input.expectedUpdatedAt as string),
        ),
      )
      .returning();
    if (!changed) throw new AppError('contentChanged');
    await recordAudit(tx, actor, {
      action: 'announcement.update',
      target: { type: 'announcement', id: String(changed.id) },
      before: { level: current.level, ...before },
      after: { level, ...texts },
    });
    return changed;
  });
  return announcementDto(db, saved);
}

/** Withdraws a live announcement (a compare-and-set on its being live): agents no longer see it. */
export async function withdrawAnnouncement(
  db: Db,
  actor: AuditActor,
  id: number,
): Promise<TAdminAnnouncement> {
  const withdrawn = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(announcements)
      .set({ withdrawnAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt)))
      .returning();
    if (!changed) {
      const [row] = await tx
        .select({ id: announcements.id })
        .from(announcements)
        .where(eq(announcements.id, id));
      throw new AppError(row ? 'announcementWithdrawn' : 'announcementNotFound');
    }
    await recordAudit(tx, actor, {
      action: 'announcement.withdraw',
      target: { type: 'announcement', id: String(id) },
      before: { withdrawnAt: null },
      after: { withdrawnAt: (changed.withdrawnAt as Date).toISOString() },
    });
    return changed;
  });
  return announcementDto(db, withdrawn);
}
