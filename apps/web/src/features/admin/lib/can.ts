import { type ConsoleCallName, consoleCalls, hasRight, type TOperator } from '@promoter/contract';
import { useOperator } from '../../../lib/operator-session';

/**
 * Whether an operator may make a call of the console (decision 018): the right is the call's own in the contract, the one
 * the server checks, never typed again here. The console shows only what this allows.
 */
export function canCall(operator: TOperator | null, call: ConsoleCallName): boolean {
  const right = consoleCalls[call].right;
  return (
    operator !== null && !operator.mustChangePassword && right !== undefined && hasRight(operator.role, right)
  );
}

/** canCall for the signed-in operator. */
export function useCan(call: ConsoleCallName): boolean {
  return canCall(useOperator(), call);
}
