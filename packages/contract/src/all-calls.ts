import type { z } from 'zod';
import { agentCalls } from './calls';
import { consoleCalls } from './console-calls';

/** Every call of the contract: the agents' and players' app's and the operator console's. */
export const calls = { ...agentCalls, ...consoleCalls } as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
export type CallData<N extends CallName> = z.infer<Calls[N]['data']>;
