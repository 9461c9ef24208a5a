import { MONEY_INPUT_PATTERN } from '@promoter/contract';
import { idOf } from '../components/agent-labels';

/**
 * What a console filter field must hold when it is not blank (decision 037): a list is never asked with a filter
 * left out because its value was malformed (`1000l` as an agent id listed every agent's withdrawals, ready for a
 * batch). A field that breaks its check gets an error and the list stays as it was.
 */
export type FilterCheck = 'id' | 'mobile' | 'money';

const VALID: Record<FilterCheck, (value: string) => boolean> = {
  id: (value) => idOf(value) !== undefined,
  mobile: (value) => /^\d{1,11}$/.test(value),
  money: (value) => MONEY_INPUT_PATTERN.test(value),
};

/** The fields of `form` whose non-blank value breaks its check, with the check it broke. */
export function filterErrors<F extends { [K in keyof F]: string }>(
  form: F,
  checks: { [K in keyof F]?: FilterCheck },
): { [K in keyof F]?: FilterCheck } {
  const errors: { [K in keyof F]?: FilterCheck } = {};
  for (const name of Object.keys(checks) as (keyof F)[]) {
    const check = checks[name];
    const value = form[name].trim();
    if (check && value !== '' && !VALID[check](value)) errors[name] = check;
  }
  return errors;
}
