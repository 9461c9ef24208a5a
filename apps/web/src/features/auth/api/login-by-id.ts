import { request } from '../../../api/client';
import { DEVICE_HEADER, deviceTokenFor, rememberDevice } from '../../../lib/trusted-device';

/**
 * Signs an agent in with its id and password (`agent/login/loginById`), presenting this browser's device token of
 * that agent, and keeping the new one the server issues.
 */
export function loginById(input: { agentId: number; password: string }) {
  const device = deviceTokenFor(input.agentId);
  return request('loginById', input, {
    headers: device ? { [DEVICE_HEADER]: device } : {},
    onHeaders: (headers) => {
      const issued = headers.get(DEVICE_HEADER);
      if (issued) rememberDevice(input.agentId, issued);
    },
  });
}
