import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The agent tree has one walk (decision 039): `agent_line` up and `agent_team` down, in src/db/functions/agent-tree.sql.
 * A recursive query anywhere else in the server's sources is a second walk, with its own depth bound.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const home = path.join(src, 'db/functions/agent-tree.sql');

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? files(file) : /\.(ts|sql)$/.test(name) ? [file] : [];
  });
}

describe('the agent tree', () => {
  it('is walked only by agent_line and agent_team', () => {
    const walks = files(src).filter(
      (file) => file !== home && /with\s+recursive/i.test(readFileSync(file, 'utf8')),
    );
    expect(walks.map((file) => path.relative(src, file))).toEqual([]);
    expect(readFileSync(home, 'utf8').match(/with\s+recursive/gi)).toHaveLength(2);
  });
});
