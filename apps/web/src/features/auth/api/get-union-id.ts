import { request } from '../../../api/client';

/** Exchanges WeChat's code for the union id, the WeChat profile and a ticket proving them (`agent/public/getUnionId`). */
export function getUnionId(input: { code: string; state: string; nonce: string }) {
  return request('getUnionId', input);
}
