import type { TWechatPayBridge } from '@promoter/contract';

/** What WeChat's built-in browser puts on the page: the JS bridge through which a page asks WeChat Pay to pay. */
interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: TWechatPayBridge,
    callback: (result: { err_msg?: string }) => void,
  ): void;
  /** The payee's confirmation of a WeChat Pay merchant transfer (商家转账, decision 046). */
  invoke(
    name: 'requestMerchantTransfer',
    params: MerchantTransferParams,
    callback: (result: { err_msg?: string }) => void,
  ): void;
}

/** What the page hands to `requestMerchantTransfer`: the merchant, its app, and the transfer's package_info. */
export interface MerchantTransferParams {
  mchId: string;
  appId: string;
  package: string;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** How long to wait for WeChat to put the bridge on the page (it announces it with `WeixinJSBridgeReady`). */
const BRIDGE_READY_MS = 5_000;

export type BridgeOutcome = 'paid' | 'cancelled' | 'failed' | 'unavailable';
/** How WeChat's confirmation of a transfer ended, as WeChat tells the page. */
export type ConfirmOutcome = 'confirmed' | 'cancelled' | 'failed' | 'unavailable';

function whenBridgeReady(): Promise<WeixinJSBridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const onReady = () => {
      window.clearTimeout(timer);
      resolve(window.WeixinJSBridge ?? null);
    };
    const timer = window.setTimeout(() => {
      document.removeEventListener('WeixinJSBridgeReady', onReady);
      resolve(null);
    }, BRIDGE_READY_MS);
    document.addEventListener('WeixinJSBridgeReady', onReady, { once: true });
  });
}

/**
 * Pays an order inside WeChat (WeChat Pay JSAPI) with the parameters the server signed. WeChat answers
 * `get_brand_wcpay_request:ok`, `:cancel` or `:fail`; 'paid' is only WeChat's word to the page: the order's page
 * waits for the server, which trusts WeChat Pay's signed notification alone.
 */
export async function payInWechat(params: TWechatPayBridge): Promise<BridgeOutcome> {
  const bridge = await whenBridgeReady();
  if (!bridge) return 'unavailable';
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (result) => {
      const message = result?.err_msg ?? '';
      resolve(message.endsWith(':ok') ? 'paid' : message.endsWith(':cancel') ? 'cancelled' : 'failed');
    });
  });
}

/**
 * Opens WeChat's confirmation of receipt of a merchant transfer (requestMerchantTransfer) with the server's parameters.
 * WeChat answers `requestMerchantTransfer:ok`, `:cancel` or `:fail`; 'confirmed' is only WeChat's word to the page:
 * the withdrawal is paid when WeChat Pay tells the server.
 */
export async function confirmTransferInWechat(params: MerchantTransferParams): Promise<ConfirmOutcome> {
  const bridge = await whenBridgeReady();
  if (!bridge) return 'unavailable';
  return new Promise((resolve) => {
    bridge.invoke('requestMerchantTransfer', params, (result) => {
      const message = result?.err_msg ?? '';
      resolve(message.endsWith(':ok') ? 'confirmed' : message.endsWith(':cancel') ? 'cancelled' : 'failed');
    });
  });
}
