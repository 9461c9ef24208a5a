import { request } from '../../../api/client';

/** Signs an agent in with its id and password (`agent/login/loginById`). */
export function loginById(input: { agentId: number; password: string }) {
  return request('loginById', input);
}
