import { request } from '../../../api/client';

/** Sends the SMS code of a registration (`agent/register/captcha`); one a minute per number. */
export function sendRegisterCaptcha(mobile: string) {
  return request('registerCaptcha', { mobile });
}
