import type { CaptchaPurpose } from '@promoter/contract';
import { request } from '../../../api/client';

/** Sends an SMS code for a purpose (`user/public/getCaptcha`); one a minute per number. */
export function sendCaptcha(mobile: string, purpose: CaptchaPurpose) {
  return request('getCaptcha', { mobile, purpose });
}
