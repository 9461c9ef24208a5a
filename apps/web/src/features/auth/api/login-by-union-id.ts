import { request } from '../../../api/client';

/** Signs in the player whose WeChat union id the ticket proves (`agent/login/loginByUnionId`). */
export function loginByUnionId(input: { unionId: string; ticket: string }) {
  return request('loginByUnionId', input);
}
