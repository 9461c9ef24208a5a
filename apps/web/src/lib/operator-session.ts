import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { hasRight, OPERATOR_RIGHTS, OPERATOR_ROLES } from '@promoter/contract';
import type { OperatorRight, TOperator } from '@promoter/contract';
import { bindStore } from '../stores/bind-store';
import {
  aBoolean,
  anInteger,
  aNumber,
  arrayOf,
  aString,
  matching,
  nonEmptyString,
  nullable,
  objectOf,
  oneOf,
} from './guards';
import { persistFields } from './storage';

/**
 * The operator console's session (decision 018), apart from the agent's (`lib/session.ts`): its own store and its
 * own storage keys (`promoter.operatorToken`, `promoter.operator`, `promoter.operatorExpiresAt`). The API client
 * sends this token in `X-Operator-Token` on the `operator` calls only, and never the agent's `XX-Token` with them.
 * The server's sessions last 12 h and slide; the local expiry slides with each successful call.
 */
export interface OperatorSessionState {
  token: string | null;
  operator: TOperator | null;
  /** Epoch milliseconds. */
  expiresAt: number | null;
}

export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

const signedOut: OperatorSessionState = { token: null, operator: null, expiresAt: null };

/** An ISO date-time with its offset (ZIsoDate), as the server writes it. */
const isoDateTime = matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/);

/** The kept operator, written from the contract's type (ZOperator): a field changed there fails to compile here. */
const operatorGuard = objectOf<TOperator>({
  id: anInteger,
  name: aString,
  role: oneOf(OPERATOR_ROLES),
  rights: arrayOf(oneOf(OPERATOR_RIGHTS)),
  twoFactorEnrolled: aBoolean,
  mustChangePassword: aBoolean,
  disabled: aBoolean,
  createdAt: isoDateTime,
});

export const useOperatorSessionStore = create<OperatorSessionState>()(
  persist(
    () => signedOut,
    persistFields(signedOut, {
      token: { key: 'operatorToken', guard: nullable(nonEmptyString) },
      operator: { key: 'operator', guard: nullable(operatorGuard) },
      expiresAt: { key: 'operatorExpiresAt', guard: nullable(aNumber) },
    }),
  ),
);

export const operatorSessionStore = bindStore(useOperatorSessionStore);

export function isOperatorSignedIn(state: OperatorSessionState, now = Date.now()): boolean {
  return state.token !== null && state.operator !== null && state.expiresAt !== null && now < state.expiresAt;
}

export const operatorSession = {
  get: operatorSessionStore.get,
  signIn(token: string, operator: TOperator, expiresAt: string): void {
    const serverExpiry = Date.parse(expiresAt);
    operatorSessionStore.set({
      token,
      operator,
      expiresAt: Number.isFinite(serverExpiry) ? serverExpiry : Date.now() + OPERATOR_SESSION_TTL_MS,
    });
  },
  setOperator(operator: TOperator): void {
    operatorSessionStore.set({ operator });
  },
  touch(): void {
    if (operatorSessionStore.get().token)
      operatorSessionStore.set({ expiresAt: Date.now() + OPERATOR_SESSION_TTL_MS });
  },
  clear(): void {
    operatorSessionStore.set(signedOut);
  },
};

export function useOperator(): TOperator | null {
  const token = operatorSessionStore.use((s) => s.token);
  const operator = operatorSessionStore.use((s) => s.operator);
  const expiresAt = operatorSessionStore.use((s) => s.expiresAt);
  return isOperatorSignedIn({ token, operator, expiresAt }) ? operator : null;
}

/** Whether the signed-in operator's role holds a right (ROLE_RIGHTS of the contract): the console hides the rest. */
export function useOperatorRight(right: OperatorRight): boolean {
  const operator = useOperator();
  return operator !== null && !operator.mustChangePassword && hasRight(operator.role, right);
}
