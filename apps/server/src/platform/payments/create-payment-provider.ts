import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox-provider';
import { WechatPayProvider } from './wechat-pay';

export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payment.kind === 'wechat') return new WechatPayProvider(config.payment);
  return new SandboxPaymentProvider(`${config.appSecret}:sandbox-pay`);
}
