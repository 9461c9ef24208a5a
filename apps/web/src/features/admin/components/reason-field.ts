import { consoleCalls } from '@promoter/contract';
import type { TFunction } from 'i18next';
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
