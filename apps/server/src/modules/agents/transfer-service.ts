import { BillType } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, transfers } from '../../db/schema';
import { AppError } from '../../http/errors';
import { once } from '../ledger/idempotency';
import { InsufficientFundsError, memo, type Posting, postAll } from '../ledger/ledger-service';
import { isInDownline } from './agent-tree';

/** Passes diamonds down the line: only to an agent of the sender's own downline, once per requestId. */
export async function transferToAgent(
  db: Db,
  fromAgentId: number,
  input: { toAgentId: number; diamonds: number; requestId: string },
): Promise<{ diamonds: number; transferId: string }> {
  return once(
    db,
    { actorType: 'agent', actorId: fromAgentId },
    input.requestId,
    'transfer',
    { toAgentId: input.toAgentId, diamonds: input.diamonds },
    async (tx) => {
      if (input.toAgentId === fromAgentId) throw new AppError('cannotTransferToSelf');
      const [target] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, input.toAgentId));
      // An agent outside the downline gets the same answer whether it exists or not.
      if (!target || !(await isInDownline(tx, fromAgentId, input.toAgentId)))
        throw new AppError('notInDownline');
      const [transfer] = await tx
        .insert(transfers)
        .values({ fromAgentId, toAgentId: input.toAgentId, diamonds: input.diamonds })
        .returning({ id: transfers.id });
      const ref = { type: 'transfer', id: String((transfer as { id: number }).id) };
      const out: Posting = {
        owner: { ownerType: 'agent', ownerId: fromAgentId },
        currency: 'diamonds',
        amount: -input.diamonds,
        billType: BillType.transferOut,
        ref,
        counterparty: { ownerType: 'agent', ownerId: input.toAgentId },
        memo: memo('memoTransferToChild', { agentId: input.toAgentId }),
      };
      const into: Posting = {
        owner: { ownerType: 'agent', ownerId: input.toAgentId },
        currency: 'diamonds',
        amount: input.diamonds,
        billType: BillType.transferIn,
        ref,
        counterparty: { ownerType: 'agent', ownerId: fromAgentId },
        memo: memo('memoTransferFromParent', { agentId: fromAgentId }),
      };
      const results = await postAll(tx, [out, into]).catch((error: unknown) => {
        if (error instanceof InsufficientFundsError) throw new AppError('notEnoughDiamonds');
        throw error;
      });
      return { diamonds: results.get(out)?.after ?? 0, transferId: ref.id };
    },
  );
}
