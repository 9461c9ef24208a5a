import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDatabaseFunctions, functionFiles } from '../../src/db/functions';
import { build, type TestApp } from '../helper';

/**
 * Decision 039: each database function and trigger has one current text, in src/db/functions/*.sql, applied at every
 * start after the migrations. The live database holds exactly these: no function or trigger of the product that the
 * files do not define, none whose body differs from its file's, and applying them again changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

const files = functionFiles();
const all = files.map((file) => file.text).join('\n');
/** The functions the files define, with their bodies (the text between the dollar quotes). */
const defined = new Map(
  [...all.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?AS \$\$([\s\S]*?)\$\$/g)].map((m) => [
    m[1] as string,
    m[2] as string,
  ]),
);
/** The triggers the files define, by name. */
const triggers = new Set([...all.matchAll(/CREATE OR REPLACE TRIGGER (\w+)/g)].map((m) => m[1] as string));

async function liveFunctions(): Promise<Map<string, string>> {
  const result = await t.db.execute(
    `select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  return new Map((result.rows as { name: string; body: string }[]).map((row) => [row.name, row.body]));
}

async function liveTriggers(): Promise<string[]> {
  const result = await t.db.execute(
    `select tgname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not g.tgisinternal`,
  );
  return (result.rows as { name: string }[]).map((row) => row.name).sort();
}

describe('the database functions and triggers', () => {
  it('live exactly as their files say: every function, its body, every trigger', async () => {
    expect(defined.size).toBeGreaterThanOrEqual(5);
    const live = await liveFunctions();
    expect([...live.keys()].sort()).toEqual([...defined.keys()].sort());
    for (const [name, body] of defined) expect(live.get(name), name).toBe(body);
    expect(await liveTriggers()).toEqual([...triggers].sort());
  });

  it('applying the files again changes nothing and breaks nothing', async () => {
    const before = await liveFunctions();
    await applyDatabaseFunctions(t.db);
    expect(await liveFunctions()).toEqual(before);
    expect(await liveTriggers()).toEqual([...triggers].sort());
  });
});
