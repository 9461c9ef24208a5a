import { request } from './client';

/** Revokes the session on the server (`agent/login/logout`). */
export function logout() {
  return request('logout', {});
}
