import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPayoutAccount } from '../../src/modules/payout/payout-service';
import { payoutKeyRefusals } from '../../src/modules/payout/sealed-keys';
import { appSecretRefusals } from '../../src/modules/operators/totp';
import { createAgent } from '../factories';
import { build, TEST_GAME_SECRET, TEST_PAYOUT_KEY, type TestApp } from '../helper';
import { createTestOperator, TEST_APP_SECRET } from '../operator-factories';
import { startServerEntry } from '../server-entry';

/**
 * Decision 034: a start on other keys than the ones the database's sealed data was sealed with stops before it
 * serves (a copied environment, a restored database, a lost DATA_DIR/secrets.json).
 */
const KEY = Buffer.from(TEST_PAYOUT_KEY, 'hex');
const OTHER_KEY = Buffer.alloc(32, 9);

describe('the keys against the sealed data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds nothing to refuse in a database that holds nothing sealed', async () => {
    expect(await payoutKeyRefusals(t.db, OTHER_KEY)).toEqual([]);
    expect(await appSecretRefusals(t.db, 'another-app-secret-0123456789')).toEqual([]);
  });

  it('names what another payout key or app secret fails to open, and nothing with the right ones', async () => {
    const agent = await createAgent(t.db);
    const { account } = await addPayoutAccount(t.db, KEY, agent.agentId, {
      type: 'alipay',
      holderName: '张三',
      accountNo: '13800000001',
    });
    const operator = await createTestOperator(t.db, 'owner');
    expect(await payoutKeyRefusals(t.db, KEY)).toEqual([]);
    expect(await appSecretRefusals(t.db, TEST_APP_SECRET)).toEqual([]);
    expect(await payoutKeyRefusals(t.db, OTHER_KEY)).toEqual([
      `PAYOUT_ENCRYPTION_KEY does not open the sealed number of payout account ${account.id}`,
    ]);
    expect(await appSecretRefusals(t.db, 'another-app-secret-0123456789')).toEqual([
      `APP_SECRET does not open the second factor of operator ${operator.id}`,
    ]);
  });

  it('stops a server started on another payout key before it serves, saying why', async () => {
    const server = startServerEntry({
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: t.databaseUrl,
      GAME_API_SECRET: TEST_GAME_SECRET,
      APP_SECRET: TEST_APP_SECRET,
      PAYOUT_ENCRYPTION_KEY: OTHER_KEY.toString('hex'),
      PUBLIC_URL: 'http://promoter.test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.printed.stderr).toContain(
      'Invalid configuration: this database was sealed with other keys.',
    );
    expect(server.printed.stderr).toMatch(
      /PAYOUT_ENCRYPTION_KEY does not open the sealed number of payout account \d+/,
    );
    expect(server.printed.stdout).not.toContain('Promoter back-office:'); // never served
  });
});
