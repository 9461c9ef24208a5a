import { maskMobile, ZMobile } from '@promoter/contract';

/**
 * A payout account with most of it hidden: an e-mail keeps its first two characters and its domain
 * (wa****@example.com), an 11-digit mobile its ends (139****0001), anything else its last four (****1234).
 */
export function maskAccountNo(accountNo: string): string {
  const text = accountNo.replace(/\s+/g, '');
  const at = text.indexOf('@');
  if (at > 0) return `${Array.from(text.slice(0, at)).slice(0, 2).join('')}****${text.slice(at)}`;
  if (ZMobile.safeParse(text).success) return maskMobile(text);
  const chars = Array.from(text);
  if (chars.length <= 4) return chars.join('');
  return `****${chars.slice(-4).join('')}`;
}
