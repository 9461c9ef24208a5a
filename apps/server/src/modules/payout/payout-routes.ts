import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import {
  addPayoutAccount,
  deletePayoutAccount,
  listPayoutAccounts,
  setDefaultPayoutAccount,
} from './payout-service';

/** The agent's saved payout accounts (decision 019). */
export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'payoutAccountList', async ({ agentId }) => listPayoutAccounts(app.db, agentId));
  defineCall(app, 'payoutAccountAdd', async ({ agentId, input }) =>
    addPayoutAccount(app.db, app.config.payoutKey, agentId, input),
  );
  defineCall(app, 'payoutAccountDelete', async ({ agentId, input }) =>
    deletePayoutAccount(app.db, agentId, input.id),
  );
  defineCall(app, 'payoutAccountSetDefault', async ({ agentId, input }) =>
    setDefaultPayoutAccount(app.db, agentId, input.id),
  );
}
