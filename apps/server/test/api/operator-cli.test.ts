import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../src/modules/operators/totp';
import { api, TEST_GAME_SECRET, TEST_PAYOUT_KEY } from '../helper';
import { TEST_APP_SECRET } from '../operator-factories';
import { useAdminTestApp } from './admin-support';

/**
 * `npm run operator -- create`: the bundled command (built as `npm start` builds it) creates an operator on the
 * database the server uses, prints its one-time password and enrolment once, and the operator can sign in with them.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the server's folder, so the bundle finds node_modules as dist/ does.
const outDir = mkdtempSync(path.join(serverDir, '.build-'));

describe('the operator command', () => {
  const t = useAdminTestApp();

  beforeAll(() => {
    const built = spawnSync(process.execPath, ['build.mjs'], {
      cwd: serverDir,
      env: { ...process.env, SERVER_BUILD_OUTDIR: outDir },
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(outDir, 'operator-cli.js'), ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: t.databaseUrl,
        GAME_API_SECRET: TEST_GAME_SECRET,
        APP_SECRET: TEST_APP_SECRET,
        PAYOUT_ENCRYPTION_KEY: TEST_PAYOUT_KEY,
        PUBLIC_URL: 'http://promoter.test',
      },
      encoding: 'utf8',
    });

  it('creates an operator who signs in with the printed password and secret, and must change the password', async () => {
    const created = run('create', 'cli-finance', '--role', 'finance');
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Operator cli-finance (finance) created.');
    expect(created.stdout).toContain('http://promoter.test/#/admin/login');
    const password = /One-time password[^:]*: (\S+)/.exec(created.stdout)?.[1];
    const secret = /secret: ([A-Z2-7]+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    expect(secret).toBeDefined();

    const login = await api(t.app, 'adminLogin', {
      input: { name: 'cli-finance', password: password ?? '', code: currentTotpCode(secret ?? '') },
    });
    expect(login.code, login.msg).toBe(1);
    expect(login.data.operator).toMatchObject({
      name: 'cli-finance',
      role: 'finance',
      mustChangePassword: true,
    });
  });

  it('refuses a taken name (exit 1) and a wrong usage (exit 2), creating nothing', () => {
    const again = run('create', 'cli-finance');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('an operator named cli-finance already exists');
    expect(again.stdout).toBe('');

    for (const args of [
      [],
      ['delete', 'someone'],
      ['create', 'X'],
      ['create', 'ok-name', '--role', 'god'],
      ['reset', 'cli-finance', '--password'],
      ['reset', 'cli-finance', '--reason', 'lost'],
    ]) {
      const wrong = run(...args);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain('usage: npm run operator -- create <name>');
    }
  });

  it('resets a lost password and authenticator (decision 037): printed once, the old ones stop working', async () => {
    const before = run('create', 'cli-support', '--role', 'support');
    const oldSecret = /secret: ([A-Z2-7]+)/.exec(before.stdout)?.[1] ?? '';
    const reset = run('reset', 'cli-support', '--password', '--2fa', '--reason', '手机丢失');
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('Operator cli-support (support) reset; its sessions have ended.');
    const password = /One-time password[^:]*: (\S+)/.exec(reset.stdout)?.[1] ?? '';
    const secret = /secret: ([A-Z2-7]+)/.exec(reset.stdout)?.[1] ?? '';
    expect(secret).not.toBe(oldSecret);
    const login = await api(t.app, 'adminLogin', {
      input: { name: 'cli-support', password, code: currentTotpCode(secret) },
    });
    expect(login.code, login.msg).toBe(1);
    expect(login.data.operator).toMatchObject({ mustChangePassword: true });
    const unknown = run('reset', 'nobody-here', '--password', '--reason', 'x');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no operator is named nobody-here');
  });
});
