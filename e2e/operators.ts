import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';

/**
 * Operators for the console's end-to-end tests (decision 037: a second operator settles what the first approved). The
 * demo owner's session token is read from the console's storage; the new operator is created through the API, as
 * the owner's console would, and signs in in its own browser page.
 */
export interface NewOperator {
  name: string;
  password: string;
  secret: string;
}

/** The signed-in console's operator token (kept as JSON under `promoter.operatorToken`). */
export async function consoleToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('promoter.operatorToken'));
  if (!raw) throw new Error('no operator signed in on this page');
  return JSON.parse(raw) as string;
}

/** An operator call with the owner's token, as the console makes it. */
export async function operatorCall<T>(
  baseUrl: string,
  token: string,
  path: string,
  body: Record<string, unknown>,
): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** Creates an operator with the owner's token: its name, one-time password and authenticator secret. */
export async function createOperator(
  baseUrl: string,
  ownerToken: string,
  name: string,
  role: 'finance' | 'support' | 'viewer',
): Promise<NewOperator> {
  const created = await operatorCall<{ password: string; otpauthUri: string }>(
    baseUrl,
    ownerToken,
    'admin/operators/create',
    { name, role },
  );
  if (created.code !== 1) throw new Error(`creating ${name} failed: ${created.msg}`);
  const secret = new URL(created.data.otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error('no secret in the enrolment URI');
  return { name, password: created.data.password, secret };
}

/**
 * Signs an operator in on the console's login page; on its one-time password it sets `newPassword` first, as the
 * console asks, and lands on the withdrawal queue.
 */
export async function signInOperator(page: Page, operator: NewOperator, newPassword?: string): Promise<void> {
  await page.getByTestId('admin-login-name').fill(operator.name);
  await page.getByTestId('admin-login-password').fill(operator.password);
  await page.getByTestId('admin-login-code').fill(generateSync({ secret: operator.secret }));
  await page.getByTestId('admin-login-submit').click();
  if (newPassword !== undefined) {
    await page.getByTestId('admin-change-password-form').waitFor({ timeout: 30_000 });
    await page.getByTestId('admin-change-old').fill(operator.password);
    await page.getByTestId('admin-change-new').fill(newPassword);
    await page.getByTestId('admin-change-confirm').fill(newPassword);
    await page.getByTestId('admin-change-password-submit').click();
  }
  await page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
}

/** The demo owner's authenticator secret, printed by `npm start` beside the login links (its `output`). */
export function demoOwnerSecret(output: string): string {
  const secret = /2FA secret: (\S+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no 2FA secret printed:\n${output}`);
  return secret;
}
