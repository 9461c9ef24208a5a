import { consoleCalls } from '@promoter/contract';
import type { TFunction } from '../../../i18n';
import { z } from 'zod';
import type { FieldRule } from '../../../lib/contract-resolver';

/**
 * The reason an operator types for a change of an agent or a player: the contract's rule (required, at most 500
 * characters, one line of text), read in the operator's language.
 */
export function reasonRule(t: TFunction): FieldRule {
  return {
    schema: consoleCalls.adminAgentChangeLevel.input.shape.reason,
    required: t('adminAgents.form.reasonRequired'),
    invalid: t('adminAgents.form.reasonInvalid'),
    blankIsEmpty: true,
  };
}

/** The reason's upper bound, for the field's maxLength. */
export const REASON_MAX = 500;

/** What an operator may choose to tell the agent of a change (its inbox): the contract's rule, optional. */
export function noticeRule(t: TFunction): FieldRule {
  // Left empty, there is no notice (the call leaves it out); written, it follows the contract's rule.
  const schema = z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    consoleCalls.adminAgentFreeze.input.shape.notice,
  );
  return { schema, invalid: t('adminAgents.form.noticeInvalid') };
}

/** The notice as the call takes it: left out when empty. */
export const noticeOf = (text: string | undefined): string | undefined => text?.trim() || undefined;

/** The notice's upper bound, for the field's maxLength. */
export const NOTICE_MAX = 200;
