import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  ZAgentId,
  ZCaptchaCode,
  ZMobile,
  ZPassword,
  ZText,
} from '@promoter/contract';
import type { TFunction } from '../i18n';
import { z } from 'zod';
import type { FieldRule } from './contract-resolver';

/**
 * The fields of the agent forms: the contract's rule of each (ZAgentId, ZMobile, ZCaptchaCode, ZPassword) with the
 * translated messages, for `contractResolver`.
 */

export function agentIdRule(t: TFunction): FieldRule {
  return {
    schema: ZAgentId,
    required: t('identity.validation.agentIdRequired'),
    invalid: t('identity.validation.agentId'),
  };
}

/**
 * loginById's rule for its password (the contract's `ZToken(128)`: 1 to 128 characters as typed, no control
 * character), written here from `ZText` so that the login page does not fetch the agents' whole call table for one
 * field (decision 047); test/form-rules.test.ts holds it to `agentCalls.loginById`.
 */
export const ZPasswordTyped = ZText(128, { min: 1, trim: false });

/** A password that is only checked against the stored one (sign-in, unlock, the old password). */
export function passwordRequiredRule(t: TFunction): FieldRule {
  return {
    schema: ZPasswordTyped,
    required: t('identity.validation.passwordRequired'),
  };
}

export function mobileRule(t: TFunction): FieldRule {
  return {
    schema: ZMobile,
    required: t('identity.validation.mobileRequired'),
    invalid: t('identity.validation.mobile'),
  };
}

export function captchaRule(t: TFunction): FieldRule {
  return {
    schema: ZCaptchaCode,
    required: t('identity.validation.captchaRequired'),
    invalid: t('identity.validation.captcha'),
  };
}

/** A new password and its confirmation (which must match it). */
export function newPasswordRules(t: TFunction): { newPassword: FieldRule; confirm: FieldRule } {
  return {
    newPassword: {
      schema: ZPassword,
      required: t('identity.validation.passwordRequired'),
      invalid: t('identity.validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
    },
    confirm: { schema: z.string().min(1), required: t('identity.validation.confirmRequired') },
  };
}

export function confirmMismatch(
  t: TFunction,
  values: { newPassword: string; confirm: string },
): string | false {
  return (
    values.confirm !== '' &&
    values.confirm !== values.newPassword &&
    t('identity.validation.passwordMismatch')
  );
}

/** Trims what is typed into a mobile or code field. */
export const trimmed = { setValueAs: (value: string) => value.trim() };

/** Whether a typed agent id is one the contract takes (ZAgentId). */
export const isAgentId = (text: string) => text.trim() !== '' && ZAgentId.safeParse(text.trim()).success;
