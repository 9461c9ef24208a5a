import type { TFunction } from 'i18next';

/**
 * The server's own rules (contract: ZAgentId, ZMobile, the 6-digit code, 6-64 character passwords), checked
 * first here, as react-hook-form rules with translated messages.
 */
export const AGENT_ID_PATTERN = /^[1-9]\d{0,9}$/;
export const MOBILE_PATTERN = /^1\d{10}$/;
export const CAPTCHA_PATTERN = /^\d{6}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
/** One code a minute per number (DESIGN section 4): the resend button waits this long. */
export const CAPTCHA_RESEND_SECONDS = 60;

export function agentIdRules(t: TFunction) {
  return {
    required: t('identity.validation.agentIdRequired'),
    pattern: { value: AGENT_ID_PATTERN, message: t('identity.validation.agentId') },
  };
}

/** A password that is only checked against the stored one (sign-in, unlock, the old password). */
export function passwordRequiredRules(t: TFunction) {
  return { required: t('identity.validation.passwordRequired') };
}

export function mobileRules(t: TFunction) {
  return {
    required: t('identity.validation.mobileRequired'),
    pattern: { value: MOBILE_PATTERN, message: t('identity.validation.mobile') },
    setValueAs: (value: string) => value.trim(),
  };
}

export function captchaRules(t: TFunction) {
  return {
    required: t('identity.validation.captchaRequired'),
    pattern: { value: CAPTCHA_PATTERN, message: t('identity.validation.captcha') },
    setValueAs: (value: string) => value.trim(),
  };
}

export function newPasswordRules(t: TFunction) {
  const length = t('identity.validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  return {
    required: t('identity.validation.passwordRequired'),
    minLength: { value: PASSWORD_MIN, message: length },
    maxLength: { value: PASSWORD_MAX, message: length },
  };
}

export function confirmPasswordRules(t: TFunction, password: () => string) {
  return {
    required: t('identity.validation.confirmRequired'),
    validate: (value: string) => value === password() || t('identity.validation.passwordMismatch'),
  };
}
