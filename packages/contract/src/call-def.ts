import type { z } from 'zod';
import type { OperatorRight } from './rights';

/**
 * Who may call: anyone; any signed-in session; a signed-in agent; a signed-in player that is not an agent
 * (or any signed-in player, for `player`-flavoured calls such as bind, which refuse agents by rule); an operator of the
 * console (its own session in X-Operator-Token, holding the call's `right`).
 */
export type CallAuth = 'anyone' | 'signedIn' | 'agent' | 'player' | 'operator';

export interface CallDef<
  M extends 'GET' | 'POST' = 'GET' | 'POST',
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  method: M;
  path: string;
  auth: CallAuth;
  /** Body for POST, query string for GET. */
  input: I;
  /** The `data` of a successful envelope. */
  data: O;
  /** Calls of the shop carry the `uid` header, which must match the session's player. */
  uidHeader?: boolean;
  /** The right an `operator` call needs (operators.ts ROLE_RIGHTS). */
  right?: OperatorRight;
  summary: string;
}

/** A call of a table (the agent's areas, the console's): its definition as written, typed by its method and schemas. */
export function call<M extends 'GET' | 'POST', I extends z.ZodType, O extends z.ZodType>(
  def: CallDef<M, I, O>,
): CallDef<M, I, O> {
  return def;
}
