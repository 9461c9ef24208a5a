import { request } from '../../../api/client';

/** Old + new password (`agent/user/changePassword`); every other session of the agent is signed out. */
export function changePassword(input: { oldPassword: string; newPassword: string }) {
  return request('changePassword', input);
}
