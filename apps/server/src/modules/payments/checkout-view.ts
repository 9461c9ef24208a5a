import { fenToMoney } from '@promoter/contract';

/** What the checkout page shows of an order. */
export interface CheckoutOrder {
  id: string;
  goodsName: string;
  quantity: number;
  amountFen: number;
  status: string;
}

const escapeHtml = (value: string | number) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The sandbox's checkout page: the order, and Pay and Cancel as plain forms posting back to the signed link (a
 * closed order shows why it cannot be paid). Every value is escaped.
 */
export function checkoutPage(order: CheckoutOrder, sig: string): string {
  const action = (name: 'pay' | 'cancel') =>
    escapeHtml(
      `/api/pay/sandbox/checkout/${encodeURIComponent(order.id)}/${name}?sig=${encodeURIComponent(sig)}`,
    );
  const payable = order.status === 'pending';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱收银台 Sandbox checkout</title>
<link rel="icon" href="/favicon.svg">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.amount{font-size:32px;font-weight:700;margin:12px 0;color:#d32f2f}
.note{font-size:13px;color:#666;margin-top:16px}
button{width:100%;padding:14px;border:0;border-radius:8px;font-size:17px;margin-top:12px;cursor:pointer}
.pay{background:#1aad19;color:#fff}.cancel{background:#e0e0e0;color:#333}
</style></head>
<body><main><div class="card">
<div>沙箱收银台 · Sandbox checkout</div>
<div data-testid="checkout-goods">${escapeHtml(order.goodsName)} × ${escapeHtml(order.quantity)}</div>
<div class="amount" data-testid="checkout-amount">¥${escapeHtml(fenToMoney(order.amountFen))}</div>
<div>订单号 Order: ${escapeHtml(order.id)}</div>
${
  payable
    ? `<form method="post" action="${action('pay')}"><button class="pay" data-testid="checkout-pay">确认支付 Pay</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" data-testid="checkout-cancel">取消 Cancel</button></form>`
    : `<p data-testid="checkout-closed">此订单不可支付（${escapeHtml(order.status)}） · This order cannot be paid</p>`
}
<p class="note">这是演示平台的沙箱支付，不会产生真实扣款。This is the demo platform's sandbox: no real money moves.</p>
</div></main></body></html>`;
}
