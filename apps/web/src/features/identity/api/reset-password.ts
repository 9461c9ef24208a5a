import { request } from '../../../api/client';

/** A new password with the SMS code sent to the agent's mobile (`agent/public/resetPassword`). */
export function resetPassword(input: { mobile: string; captcha: string; newPassword: string }) {
  return request('resetPassword', input);
}
