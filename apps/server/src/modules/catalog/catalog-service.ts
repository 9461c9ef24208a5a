import { createHash } from 'node:crypto';
import {
  compactTranslations,
  type TAdminCategory,
  type TAdminGoods,
  type TranslationLocale,
} from '@promoter/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { goods, goodsCategories } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';

/**
 * The shop's catalog as the console edits it (decision 018): categories and goods, their names in Chinese
 * (the row's own column, every language's fallback) and in the other languages (`names`), their order, and whether
 * goods are on sale. An order keeps what it was sold at (orders.goods_name, diamonds, unit price and pricing are
 * copied when it is created), so nothing here changes an order in flight.
 */

type CategoryRow = typeof goodsCategories.$inferSelect;
type GoodsRow = typeof goods.$inferSelect;
type Names = Partial<Record<TranslationLocale, string>>;

/** A digest of what the console edits of a row: an edit sent with another one was made on an older read. */
function revisionOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

/** jsonb keeps its own key order: the digest reads the names in a fixed one. */
const sortedNames = (names: Partial<Record<string, string>>) =>
  Object.entries(compactTranslations(names)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const categoryRevision = (row: CategoryRow) => revisionOf([row.name, sortedNames(row.names)]);
const goodsRevision = (row: GoodsRow) =>
  revisionOf([row.categoryId, row.name, sortedNames(row.names), row.image, row.diamonds, row.active]);

const toCategoryDto = (row: CategoryRow, goodsCount: number): TAdminCategory => ({
  id: row.id,
  name: row.name,
  names: compactTranslations(row.names),
  sort: row.sort,
  goodsCount,
  revision: categoryRevision(row),
});

const toGoodsDto = (row: GoodsRow): TAdminGoods => ({
  id: row.id,
  categoryId: row.categoryId,
  name: row.name,
  names: compactTranslations(row.names),
  image: row.image,
  diamonds: row.diamonds,
  active: row.active,
  sort: row.sort,
  revision: goodsRevision(row),
});

/** What the audit log keeps of a row: its content, as before/after. */
const categoryRecord = (row: CategoryRow) => ({ name: row.name, names: row.names, sort: row.sort });
const goodsRecord = (row: GoodsRow) => ({
  categoryId: row.categoryId,
  name: row.name,
  names: row.names,
  image: row.image,
  diamonds: row.diamonds,
  active: row.active,
  sort: row.sort,
});

/** Categories, goods counts and ordering are changed one writer at a time (create, delete, reorder). */
const lockCategories = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog:categories'))`);

// ---- categories -----------------------------------------------------------------------------------------------------

export async function listAdminCategories(db: DbOrTx): Promise<{ list: TAdminCategory[] }> {
  const rows = await db
    .select({ category: goodsCategories, goodsCount: count(goods.id) })
    .from(goodsCategories)
    .leftJoin(goods, eq(goods.categoryId, goodsCategories.id))
    .groupBy(goodsCategories.id)
    .orderBy(asc(goodsCategories.sort), asc(goodsCategories.id));
  return { list: rows.map((row) => toCategoryDto(row.category, Number(row.goodsCount))) };
}

async function goodsCountOf(db: DbOrTx, categoryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(goods).where(eq(goods.categoryId, categoryId));
  return row?.n ?? 0;
}

/** A category locked for a change, as read against the revision the operator saw. */
async function lockCategory(tx: Tx, id: number, revision: string): Promise<CategoryRow> {
  const [row] = await tx.select().from(goodsCategories).where(eq(goodsCategories.id, id)).for('update');
  if (!row) throw new AppError('categoryNotFound');
  if (categoryRevision(row) !== revision) throw new AppError('catalogChanged');
  return row;
}

export interface CategoryInput {
  id?: number | undefined;
  revision?: string | undefined;
  name: string;
  names: Names;
}

/** Creates a category (placed last) or renames one against the revision read; audited with before and after. */
export async function saveCategory(db: Db, actor: AuditActor, input: CategoryInput): Promise<TAdminCategory> {
  const names = compactTranslations(input.names);
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      await lockCategories(tx);
      const [created] = await tx
        .insert(goodsCategories)
        .values({
          name: input.name,
          names,
          sort: sql`(select coalesce(max(${goodsCategories.sort}) + 1, 0) from ${goodsCategories})`,
        })
        .returning();
      if (!created) throw new Error('category insert returned nothing');
      await recordAudit(tx, actor, {
        action: 'category.create',
        target: { type: 'category', id: String(created.id) },
        after: categoryRecord(created),
      });
      return toCategoryDto(created, 0);
    }
    const before = await lockCategory(tx, input.id, input.revision ?? '');
    const [after] = await tx
      .update(goodsCategories)
      .set({ name: input.name, names })
      .where(eq(goodsCategories.id, before.id))
      .returning();
    if (!after) throw new AppError('categoryNotFound');
    if (categoryRevision(after) !== categoryRevision(before))
      await recordAudit(tx, actor, {
        action: 'category.update',
        target: { type: 'category', id: String(after.id) },
        before: categoryRecord(before),
        after: categoryRecord(after),
      });
    return toCategoryDto(after, await goodsCountOf(tx, after.id));
  });
}

/** A new order of things: exactly the ids there are now, each once (a stale screen is told to refresh). */
function assertSameSet(current: readonly number[], wanted: readonly number[]): void {
  const now = new Set(current);
  if (now.size !== wanted.length || wanted.some((id) => !now.has(id)))
    throw new AppError('catalogOrderMismatch', { count: now.size });
}

/** Sets `sort` to each id's place in `ids`, in one statement. */
async function applyOrder(tx: Tx, table: typeof goods | typeof goodsCategories, ids: readonly number[]) {
  const places = sql.join(
    ids.map((id, index) => sql`(${id}::int, ${index}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${table} set sort = v.place from (values ${places}) as v(id, place) where ${table.id} = v.id`,
  );
}

/** Puts every category in the order given; audited with the order before and after. */
export async function reorderCategories(
  db: Db,
  actor: AuditActor,
  ids: readonly number[],
): Promise<{ list: TAdminCategory[] }> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    const before = (await listAdminCategories(tx)).list.map((category) => category.id);
    assertSameSet(before, ids);
    await applyOrder(tx, goodsCategories, ids);
    if (before.some((id, index) => ids[index] !== id))
      await recordAudit(tx, actor, {
        action: 'category.reorder',
        target: { type: 'category', id: 'all' },
        before: { order: before },
        after: { order: ids },
      });
    return listAdminCategories(tx);
  });
}

/** Deletes a category that holds no goods at all (goods are taken off sale, never deleted: orders refer to them). */
export async function deleteCategory(
  db: Db,
  actor: AuditActor,
  input: { id: number; revision: string },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    const row = await lockCategory(tx, input.id, input.revision);
    const held = await goodsCountOf(tx, row.id);
    if (held > 0) throw new AppError('categoryHasGoods', { count: held });
    await tx.delete(goodsCategories).where(eq(goodsCategories.id, row.id));
    await recordAudit(tx, actor, {
      action: 'category.delete',
      target: { type: 'category', id: String(row.id) },
      before: categoryRecord(row),
    });
    return { id: row.id };
  });
}

// ---- goods ----------------------------------------------------------------------------------------------------------

/** Every goods (on sale or not) in the shop's order: by category, then its place in it. */
export async function listAdminGoods(
  db: DbOrTx,
  query: { categoryId?: number | undefined } = {},
): Promise<{ list: TAdminGoods[] }> {
  const rows = await db
    .select({ item: goods })
    .from(goods)
    .innerJoin(goodsCategories, eq(goodsCategories.id, goods.categoryId))
    .where(query.categoryId !== undefined ? eq(goods.categoryId, query.categoryId) : undefined)
    .orderBy(asc(goodsCategories.sort), asc(goodsCategories.id), asc(goods.sort), asc(goods.id));
  return { list: rows.map((row) => toGoodsDto(row.item)) };
}

/**
 * The category goods go to, held (share lock) until the change commits: a category being deleted waits, then sees
 * the goods and refuses; one deleted first is not found here.
 */
async function holdCategory(tx: Tx, categoryId: number): Promise<void> {
  const [row] = await tx
    .select({ id: goodsCategories.id })
    .from(goodsCategories)
    .where(eq(goodsCategories.id, categoryId))
    .for('share');
  if (!row) throw new AppError('categoryNotFound');
}

const lastPlaceIn = (categoryId: number) =>
  sql`(select coalesce(max(${goods.sort}) + 1, 0) from ${goods} where ${goods.categoryId} = ${categoryId})`;

export interface GoodsInput {
  id?: number | undefined;
  revision?: string | undefined;
  categoryId: number;
  name: string;
  names: Names;
  image: string;
  diamonds: number;
  active: boolean;
}

/**
 * Creates goods (placed last in their category) or edits them against the revision read (moved to another category,
 * they go last in it). Orders already placed keep their own copy of name, diamonds and prices. Audited.
 */
export async function saveGoods(db: Db, actor: AuditActor, input: GoodsInput): Promise<TAdminGoods> {
  const values = {
    categoryId: input.categoryId,
    name: input.name,
    names: compactTranslations(input.names),
    image: input.image,
    diamonds: input.diamonds,
    active: input.active,
  };
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      await holdCategory(tx, input.categoryId);
      const [created] = await tx
        .insert(goods)
        .values({ ...values, sort: lastPlaceIn(input.categoryId) })
        .returning();
      if (!created) throw new Error('goods insert returned nothing');
      await recordAudit(tx, actor, {
        action: 'goods.create',
        target: { type: 'goods', id: String(created.id) },
        after: goodsRecord(created),
      });
      return toGoodsDto(created);
    }
    // Categories before the goods' row, in id order, as every writer takes them (no deadlock with a reorder): the
    // one it leaves and the one it goes to.
    const [peek] = await tx
      .select({ categoryId: goods.categoryId })
      .from(goods)
      .where(eq(goods.id, input.id));
    if (!peek) throw new AppError('catalogGoodsNotFound');
    for (const categoryId of [...new Set([peek.categoryId, input.categoryId])].sort((a, b) => a - b))
      await holdCategory(tx, categoryId);
    const [before] = await tx.select().from(goods).where(eq(goods.id, input.id)).for('update');
    if (!before) throw new AppError('catalogGoodsNotFound');
    if (before.categoryId !== peek.categoryId || goodsRevision(before) !== input.revision)
      throw new AppError('catalogChanged');
    const [after] = await tx
      .update(goods)
      .set({
        ...values,
        ...(before.categoryId !== input.categoryId ? { sort: lastPlaceIn(input.categoryId) } : {}),
      })
      .where(eq(goods.id, before.id))
      .returning();
    if (!after) throw new AppError('catalogGoodsNotFound');
    if (goodsRevision(after) !== goodsRevision(before))
      await recordAudit(tx, actor, {
        action: 'goods.update',
        target: { type: 'goods', id: String(after.id) },
        before: goodsRecord(before),
        after: goodsRecord(after),
      });
    return toGoodsDto(after);
  });
}

/**
 * Puts goods on sale or takes them off: a compare-and-set on the current state (asking for the state they are in
 * changes nothing and records nothing). Orders already placed can still be paid and are delivered.
 */
export async function setGoodsActive(
  db: Db,
  actor: AuditActor,
  input: { id: number; active: boolean },
): Promise<TAdminGoods> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(goods)
      .set({ active: input.active })
      .where(and(eq(goods.id, input.id), eq(goods.active, !input.active)))
      .returning();
    if (!changed) {
      const [row] = await tx.select().from(goods).where(eq(goods.id, input.id));
      if (!row) throw new AppError('catalogGoodsNotFound');
      return toGoodsDto(row);
    }
    await recordAudit(tx, actor, {
      action: 'goods.setActive',
      target: { type: 'goods', id: String(changed.id) },
      before: { active: !input.active },
      after: { active: input.active },
    });
    return toGoodsDto(changed);
  });
}

/** Puts every goods of a category in the order given; audited with the order before and after. */
export async function reorderGoods(
  db: Db,
  actor: AuditActor,
  input: { categoryId: number; ids: readonly number[] },
): Promise<{ list: TAdminGoods[] }> {
  return db.transaction(async (tx) => {
    // The category's row lock: a create or a move into it (which share-lock it) waits for the new order, and the
    // other way round.
    const [category] = await tx
      .select({ id: goodsCategories.id })
      .from(goodsCategories)
      .where(eq(goodsCategories.id, input.categoryId))
      .for('update');
    if (!category) throw new AppError('categoryNotFound');
    const before = (await listAdminGoods(tx, { categoryId: input.categoryId })).list.map((item) => item.id);
    assertSameSet(before, input.ids);
    await applyOrder(tx, goods, input.ids);
    if (before.some((id, index) => input.ids[index] !== id))
      await recordAudit(tx, actor, {
        action: 'goods.reorder',
        target: { type: 'category', id: String(input.categoryId) },
        before: { order: before },
        after: { order: input.ids },
      });
    return listAdminGoods(tx, { categoryId: input.categoryId });
  });
}
