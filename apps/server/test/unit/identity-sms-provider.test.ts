import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpSmsProvider, SmsSendError } from '../../src/platform/sms/sms-provider';
import { SmsGatewayStandIn } from '../stand-ins/sms-gateway-stand-in';

describe('HttpSmsProvider against the SMS gateway stand-in', () => {
  const gateway = new SmsGatewayStandIn();
  let provider: HttpSmsProvider;

  beforeAll(async () => {
    const url = await gateway.start();
    provider = new HttpSmsProvider({ url, key: 'secret-key', template: 'TPL_LOGIN_CODE', timeoutMs: 2000 });
  });
  afterAll(async () => gateway.stop());
  beforeEach(() => {
    gateway.received = [];
    gateway.answer = { status: 200, body: { code: 0, message: 'OK' } };
  });

  const send = () => provider.sendCode({ mobile: '13800138000', code: '042917', ttlMinutes: 5 });

  it('posts the template, the mobile and the code as JSON with the bearer key', async () => {
    await send();
    expect(gateway.received).toEqual([
      {
        authorization: 'Bearer secret-key',
        body: { template: 'TPL_LOGIN_CODE', mobile: '13800138000', params: { code: '042917', minutes: 5 } },
      },
    ]);
  });

  it('counts a 2xx answer with code "OK" or without a code as sent', async () => {
    gateway.answer = { status: 200, body: { code: 'OK' } };
    await expect(send()).resolves.toBeUndefined();
    gateway.answer = { status: 200, body: { requestId: 'r-1' } };
    await expect(send()).resolves.toBeUndefined();
  });

  it('surfaces an error code in a 200 answer as an error', async () => {
    gateway.answer = { status: 200, body: { code: 1008, message: 'blacklisted' } };
    await expect(send()).rejects.toBeInstanceOf(SmsSendError);
    gateway.answer = { status: 200, body: { error: 'quota exceeded' } };
    await expect(send()).rejects.toThrow(/refused/);
  });

  it('surfaces an HTTP error as an error', async () => {
    gateway.answer = { status: 500, body: { message: 'internal' } };
    await expect(send()).rejects.toThrow(SmsSendError);
    await expect(send()).rejects.toThrow(/HTTP 500/);
  });

  it('surfaces an unreachable gateway as an error', async () => {
    const other = new SmsGatewayStandIn();
    const url = await other.start();
    await other.stop();
    const unreachable = new HttpSmsProvider({ url, key: 'k', template: 't', timeoutMs: 2000 });
    await expect(
      unreachable.sendCode({ mobile: '13800138000', code: '000001', ttlMinutes: 5 }),
    ).rejects.toThrow(/unreachable/);
  });
});
