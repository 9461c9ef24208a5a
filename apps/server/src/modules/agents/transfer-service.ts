import { BillType } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, transfers } from '../../db/schema';
import { AppError } from '../../errors';
import { once } from '../ledger/idempotency';
import { memo, move, refuseShortfall } from '../ledger/ledger-service';
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
      const after = await move(tx, {
        from: {
          owner: { ownerType: 'agent', ownerId: fromAgentId },
          billType: BillType.transferOut,
          memo: memo('memoTransferToChild', { agentId: input.toAgentId }),
        },
        to: {
          owner: { ownerType: 'agent', ownerId: input.toAgentId },
          billType: BillType.transferIn,
          memo: memo('memoTransferFromParent', { agentId: fromAgentId }),
        },
        currency: 'diamonds',
        amount: input.diamonds,
        ref,
      }).catch(refuseShortfall('notEnoughDiamonds'));
      return { diamonds: after, transferId: ref.id };
    },
  );
}
