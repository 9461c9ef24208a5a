import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The database's functions and triggers (the ledger's postings, the team sizes, the append-only audit log) have one
 * current text each, in `src/db/functions/*.sql` (decision 039): the migrations that first made them stay as history,
 * and every start applies these files after the migrations, in one transaction under an advisory lock (two instances
 * starting at once apply them one after the other). Each statement is `CREATE OR REPLACE`, so applying them again
 * changes nothing; test/api/db-functions.test.ts holds the live definitions to the files.
 */
export function functionsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Beside this file in the sources (src/db), or in the sources beside the bundle (dist/ -> src/db/functions).
  const candidates = [path.resolve(here, 'functions'), path.resolve(here, '../src/db/functions')];
  return candidates.find((folder) => existsSync(folder)) ?? (candidates[0] as string);
}

/** The files of the folder, in name order, with their text. */
export function functionFiles(folder = functionsFolder()): { name: string; text: string }[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(folder, name), 'utf8') }));
}

export async function applyDatabaseFunctions(db: Db): Promise<void> {
  const files = functionFiles();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('promoter:db-functions'))`);
    // One file is several statements (plpgsql bodies included): sent as one simple query, without parameters.
    for (const file of files) await tx.execute(sql.raw(file.text));
  });
}
