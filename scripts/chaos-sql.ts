// The chaos runs' checks straight in SQL (chaos.ts, chaos-money-out.ts): one client, and the problems found.
import pg from 'pg';

export interface SqlChecks {
  client: pg.Client;
  /** What the checks found wrong, one line each. */
  problems: string[];
  rows<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** A query that must find nothing: what it finds is a problem, counted with its first rows. */
  expectNone(what: string, text: string): Promise<void>;
}

export async function sqlChecks(url: string): Promise<SqlChecks> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const problems: string[] = [];
  const rows = async <T>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as T[];
  return {
    client,
    problems,
    rows,
    async expectNone(what, text) {
      const found = await rows(text);
      if (found.length > 0) problems.push(`${what}: ${found.length} (${JSON.stringify(found.slice(0, 3))})`);
    },
  };
}
