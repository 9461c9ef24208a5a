import { adminCalls } from './admin';
import { adminAgentCalls } from './admin-agents';
import { adminCatalogCalls } from './admin-catalog';
import { adminContentCalls } from './admin-content';
import { adminGameCalls } from './admin-game';
import { adminPayoutFileCalls } from './admin-payout-files';
import { adminReconciliationCalls } from './admin-reconciliation';
import { adminRefundCalls } from './admin-refunds';
import { adminReportCalls } from './admin-reports';
import { payoutConsoleCalls } from './payout';

/**
 * The operator console's calls (`auth: 'operator'`, decision 018). Apart from the agents' table so that the web app
 * builds their schemas only when the console loads (decision 029).
 */
export const consoleCalls = {
  ...adminCalls,
  ...adminAgentCalls,
  ...adminContentCalls,
  ...adminReportCalls,
  ...adminCatalogCalls,
  ...payoutConsoleCalls,
  ...adminGameCalls,
  ...adminRefundCalls,
  ...adminPayoutFileCalls,
  ...adminReconciliationCalls,
} as const;

/** A call of the operator console. */
export type ConsoleCallName = keyof typeof consoleCalls;
