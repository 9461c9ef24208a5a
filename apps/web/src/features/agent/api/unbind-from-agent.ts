import { request } from '../../../api/client';

/** Unbinds the signed-in player from its agent (`agent/public/unbind`), where bind.unbindAllowed allows it. */
export function unbindFromAgent() {
  return request('unbind', {});
}
