// Migration 0016 on a database that already has money (decision 028): every account's kept entry count starts as the
// number of its entries, and from then on the ledger's posting keeps it.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BillType } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database, migrationsFolder, runMigrations } from '../../src/db/client';
import { post } from '../../src/modules/ledger/ledger-service';
import { assertLedgerInvariants } from '../money-invariants';

const BEFORE = '0015_ledger_functions';

let admin: pg.Client;
let name = '';
let database: Database | undefined;
let folder = '';

beforeAll(async () => {
  const serverUrl = inject('testServerUrl');
  // Named as the test files' databases are, so the run's cleanup drops it should this file stop midway.
  name = `${inject('templateDatabase').replace('tpl', 't')}_mig_${randomBytes(4).toString('hex')}`;
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  database = connect(url.toString(), 2);
  // The migrations up to the one before 0016: a copy of the folder whose journal ends there.
  folder = mkdtempSync(path.join(os.tmpdir(), 'promoter-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  await migrate(database.db, { migrationsFolder: folder });
});

afterAll(async () => {
  await database?.close();
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0016 (accounts.entry_count)', () => {
  it('counts the entries every account already has, and the ledger keeps counting', async () => {
    const db = (database as Database).db;
    // Three accounts as the ledger left them before 0016: 3 entries, 1 entry, none.
    await db.execute(sql`
      insert into accounts (owner_type, owner_id, currency, value) values
        ('agent', 1, 'diamonds', 60), ('agent', 1, 'balance', 500), ('player', 7, 'diamonds', 0)`);
    await db.execute(sql`
      insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id)
      select a.id, x.amount, x.after, 9, 'before', x.ref
        from accounts a
        join (values ('diamonds', 10, 10, 'a'), ('diamonds', 20, 30, 'b'), ('diamonds', 30, 60, 'c'),
                     ('balance', 500, 500, 'd')) x(currency, amount, after, ref)
          on a.currency = x.currency and a.owner_type = 'agent'
       order by x.ref`);

    await runMigrations(db);

    const counts = await db.execute<{ owner_type: string; currency: string; entry_count: number }>(sql`
      select owner_type, currency, entry_count from accounts order by owner_type, currency`);
    expect(counts.rows).toEqual([
      { owner_type: 'agent', currency: 'balance', entry_count: 1 },
      { owner_type: 'agent', currency: 'diamonds', entry_count: 3 },
      { owner_type: 'player', currency: 'diamonds', entry_count: 0 },
    ]);
    await assertLedgerInvariants(db);

    // A posting after the migration counts its entry, a credit that opens an account too. A player's diamonds go to
    // the game's outbox (decision 040), which names the player: the two players exist.
    await db.execute(sql`insert into players (id, nickname) values (7, 'p7'), (8, 'p8')`);
    const credit = (ownerId: number, ref: string) =>
      post(db, {
        owner: { ownerType: 'player', ownerId },
        currency: 'diamonds',
        amount: 5,
        billType: BillType.adjustment,
        ref: { type: 'after', id: ref },
      });
    await credit(7, 'e');
    await credit(8, 'f');
    const after = await db.execute<{ owner_id: number; entry_count: number }>(sql`
      select owner_id, entry_count from accounts where owner_type = 'player' order by owner_id`);
    expect(after.rows).toEqual([
      { owner_id: 7, entry_count: 1 },
      { owner_id: 8, entry_count: 1 },
    ]);
    await assertLedgerInvariants(db);
  });
});
