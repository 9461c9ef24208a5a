import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { operatorSession } from '../../../lib/operator-session';

/** The operator's own password (`admin/auth/changePassword`): then its fresh record (no longer one-time). */
export async function changeOperatorPassword(input: CallInput<'adminChangePassword'>) {
  await request('adminChangePassword', input);
  operatorSession.setOperator(await request('adminMe', {}));
}

export function useChangeOperatorPassword() {
  return useMutation({ mutationFn: changeOperatorPassword });
}
