import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * One field of a form: the contract's rule for it (the one the server applies) and what a person reads, in their
 * language, when the field is left empty or breaks the rule (the contract's messages are English, for API
 * clients).
 */
export interface FieldRule {
  schema: z.ZodType;
  required?: string;
  invalid?: string;
  /** White space alone counts as empty (for a schema that trims, such as the contract's `ZText`). */
  blankIsEmpty?: boolean;
}

/**
 * A react-hook-form resolver (`@hookform/resolvers/zod`) from the contract's schemas, one FieldRule a field.
 * `refine` adds the form's own rules across fields (a confirmation that must match): it answers the translated
 * message of each field it refuses. The form's values reach the submit handler as typed.
 */
export function contractResolver<V extends FieldValues>(
  fields: { [K in keyof V]?: FieldRule },
  refine?: (values: V) => { [K in keyof V]?: string | false },
): Resolver<V> {
  const rules = fields as Record<string, FieldRule>;
  const schema = z.object(
    Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule.schema])),
  );
  const resolve = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<V>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors: Record<string, { type: string; message?: string }> = {
      ...(result.errors as Record<string, { type: string; message?: string }>),
    };
    for (const [name, error] of Object.entries(errors)) {
      const said = rules[name];
      if (!said) continue;
      const value: unknown = values[name];
      const empty =
        value === undefined ||
        value === null ||
        value === '' ||
        (said.blankIsEmpty === true && typeof value === 'string' && value.trim() === '');
      const message = empty && said.required ? said.required : (said.invalid ?? said.required);
      errors[name] = { ...error, message: message ?? error.message };
    }
    for (const [name, message] of Object.entries(refine?.(values) ?? {})) {
      if (message && !errors[name]) errors[name] = { type: 'validate', message };
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
