import { request } from '../../../api/client';

/** Binds a mobile proven by its SMS code (purpose `bind-mobile`) to the signed-in account (`user/public/telvertify`). */
export function verifyMobile(mobile: string, code: string) {
  return request('telVerify', { mobile, code });
}
