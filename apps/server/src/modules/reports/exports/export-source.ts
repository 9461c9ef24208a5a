import { and, desc, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import type { Locale, MessageKey } from '../../../i18n/messages';
import { type CsvColumn, csvLine } from '../csv';

/**
 * What every kind of the console's CSV exports shares (decision 018): its columns, its rows read
 * newest first in batches of EXPORT_BATCH_ROWS with keyset pagination (the next batch starts after the last row's key,
 * read by an index: no OFFSET, no cursor or transaction held open across the export), and the text of a batch produced
 * only when the stream asks for it, so an export of a million rows holds one or two batches in memory at a time.
 */

export const EXPORT_BATCH_ROWS = 1000;

export interface ExportContext {
  db: Db;
  timeZone: string;
  locale: Locale;
  /** A label in the operator's language (the time zone filled in where a header names it). */
  t: (key: MessageKey) => string;
}

interface Column<R> extends CsvColumn<R> {
  header: MessageKey;
}

interface ExportSource<R> {
  columns: readonly Column<R>[];
  /** The rows, newest first, one batch at a time. */
  batches(): AsyncGenerator<R[]>;
}

/** An export ready to run, whatever its rows: its headers, and its text one batch at a time. */
export interface PreparedExport {
  headers: readonly MessageKey[];
  chunks(): AsyncGenerator<{ text: string; rows: number }>;
}

export function prepared<R>(source: ExportSource<R>): PreparedExport {
  return {
    headers: source.columns.map((column) => column.header),
    async *chunks() {
      for await (const batch of source.batches()) {
        let text = '';
        for (const row of batch) text += csvLine(source.columns, row);
        yield { text, rows: batch.length };
      }
    },
  };
}

/** A column of what people typed (neutralized, csv.ts). */
export const text = <R>(header: MessageKey, value: (row: R) => string | null | undefined): Column<R> => ({
  header,
  kind: 'text',
  value,
});
/** A column of what the server wrote (a figure, an id, a time, a label). */
export const plain = <R>(
  header: MessageKey,
  value: (row: R) => string | number | null | undefined,
): Column<R> => ({
  header,
  kind: 'plain',
  value,
});

/** A time as the platform reads it: `2024-01-31 14:05:09` in its time zone. */
export const localTime = (column: SQL | SQL.Aliased | unknown, timeZone: string) =>
  sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** Rows of an endless keyset walk: `next` answers the batch after a row (none: the first); an empty batch ends it. */
export async function* keyset<R>(next: (after: R | undefined) => PromiseLike<R[]>): AsyncGenerator<R[]> {
  let after: R | undefined;
  for (;;) {
    const batch = await next(after);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH_ROWS) return;
    after = batch[batch.length - 1];
  }
}

/** What a list's columns are written with: the labels, and the columns of its rows (what people typed, or not). */
interface ColumnKit<R> {
  t: ExportContext['t'];
  text: (header: MessageKey, value: (row: R) => string | null | undefined) => Column<R>;
  plain: (header: MessageKey, value: (row: R) => string | number | null | undefined) => Column<R>;
}

/** A kind's select (`db.select(...).from(...)`) under a condition, as Drizzle builds it: ordered, then limited. */
interface Selected {
  where(where: SQL | undefined): PromiseLike<unknown[]> & {
    orderBy(...columns: SQL[]): { limit(rows: number): PromiseLike<unknown[]> };
  };
}

/** The row of a kind's select. */
type RowOf<S extends Selected> = Awaited<ReturnType<S['where']>>[number];

/**
 * The export of a console list: its select (read again for every batch), the list's own filter (what the operator sees
 * filtered is what it exports), its columns, and its rows newest first as its screen shows them: down its id (`id`:
 * the column and the row's), or down its time then its id where the list sorts by time (`at`: the column, and the
 * row's time as PostgreSQL writes it, exact to the microsecond).
 */
export function listExport<F, S extends Selected>(list: {
  select: (ctx: ExportContext) => S;
  filter: (filter: F) => SQL | undefined;
  columns: (kit: ColumnKit<RowOf<S>>) => readonly Column<RowOf<S>>[];
  id: [AnyPgColumn, (row: RowOf<S>) => number | string];
  at?: [AnyPgColumn, (row: RowOf<S>) => string];
}): (ctx: ExportContext, filter: F) => PreparedExport {
  const { at } = list;
  const [id, idOf] = list.id;
  const after = (row: RowOf<S>) =>
    at ? sql`(${at[0]}, ${id}) < (${at[1](row)}::timestamptz, ${idOf(row)})` : lt(id, idOf(row));
  const order = at ? [desc(at[0]), desc(id)] : [desc(id)];
  return (ctx, filter) =>
    prepared({
      columns: list.columns({ t: ctx.t, text, plain }),
      batches: () =>
        keyset(
          (last) =>
            // The limited query answers the rows of the select: RowOf<S> is what `where` answers, ordered or not.
            list
              .select(ctx)
              .where(and(list.filter(filter), last ? after(last) : undefined))
              .orderBy(...order)
              .limit(EXPORT_BATCH_ROWS) as PromiseLike<RowOf<S>[]>,
        ),
    });
}
