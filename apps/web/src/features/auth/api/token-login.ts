import { request } from '../../../api/client';

/** Signs in with the game's one-time login ticket (`agent/login/tokenLogin`). */
export function tokenLogin(token: string) {
  return request('tokenLogin', { token });
}
