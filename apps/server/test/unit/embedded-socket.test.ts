import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { socketFolderOf } from '../../src/db/embedded';

/** Decision 032: the embedded cluster's socket in its own folder, only where the socket's path fits an address. */
describe("the embedded PostgreSQL's Unix socket", () => {
  it('goes in the cluster folder', () => {
    expect(socketFolderOf('/srv/promoter/data/pg', 54321)).toBe('/srv/promoter/data/pg');
  });

  it('has none when its path would pass 107 bytes, counted in bytes, not characters', () => {
    // 107 bytes exactly: "/" + 91 + "/.s.PGSQL.54321" (15).
    const fits = `/${'a'.repeat(91)}`;
    expect(Buffer.byteLength(path.join(fits, '.s.PGSQL.54321'))).toBe(107);
    expect(socketFolderOf(fits, 54321)).toBe(fits);
    expect(socketFolderOf(`${fits}b`, 54321)).toBeUndefined();
    // 30 Chinese characters are 90 bytes: short in characters, too long in bytes.
    expect(socketFolderOf(`/srv/${'数'.repeat(30)}/pg`, 54321)).toBeUndefined();
  });
});
