import { progress } from './progress';

/** Only a web address is followed: the payment provider's checkout (the sandbox's page on the demo). */
export function isCheckoutUrl(payUrl: string): boolean {
  try {
    const url = new URL(payUrl, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Leaves the app for the provider's checkout; the provider sends the person back to query-order. */
export function goToCheckout(payUrl: string): boolean {
  if (!isCheckoutUrl(payUrl)) return false;
  progress.start();
  window.location.href = payUrl;
  return true;
}
