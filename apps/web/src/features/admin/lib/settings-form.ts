import {
  EDITABLE_OPTION_KEYS,
  editOf,
  normalizeOptionValue,
  OPTION_GROUPS,
  type OptionGroup,
  type OptionKind,
  OPTION_VALUE_SCHEMAS,
  optionRuleIssues,
  type AgentLevel,
  type EditableOptionKey,
  type OptionRuleIssue,
  type TOptionEntry,
} from '@promoter/contract';
import type { TFunction } from '../../../i18n';
import { contractResolver, type FieldRule } from '../../../lib/contract-resolver';

/**
 * The settings form of `#/admin/settings`: one field per setting the console edits, checked with the contract's rule
 * of each (the server's own) and the rules between them (a level's price never below the level above, retail above
 * level 3, rates falling down the levels), in the operator's language.
 */

/** A form field's name: the option's key with `_` for `.` (react-hook-form reads dots as nesting). */
export type SettingField = ReturnType<typeof fieldOf>;
export const fieldOf = (key: EditableOptionKey) => key.replace('.', '_') as Replace<EditableOptionKey>;
type Replace<K extends string> = K extends `${infer A}.${infer B}` ? `${A}_${B}` : K;
export type SettingsValues = Record<SettingField, string>;

/** How each setting is typed and shown: its kind in the contract's OPTIONS table. */
export type SettingKind = OptionKind;
export const KIND_OF = Object.fromEntries(
  EDITABLE_OPTION_KEYS.map((key) => [key, editOf(key).kind]),
) as Record<EditableOptionKey, SettingKind>;

/** The form's groups, in the order the page shows them, each with its settings in the table's order. */
export const SETTING_GROUPS: readonly { id: OptionGroup; keys: readonly EditableOptionKey[] }[] =
  OPTION_GROUPS.map((id) => ({ id, keys: EDITABLE_OPTION_KEYS.filter((key) => editOf(key).group === id) }));

/**
 * The fields whose rules a field's change may break or mend: the other prices, or the other rates. react-hook-form
 * checks these again when it changes (`deps`), so a rule's message moves to the field it names.
 */
export function dependentsOf(key: EditableOptionKey): SettingField[] {
  const group = SETTING_GROUPS.find((g) => (g.keys as readonly EditableOptionKey[]).includes(key));
  if (!group || (group.id !== 'prices' && group.id !== 'rates')) return [];
  return group.keys.filter((other) => other !== key).map(fieldOf);
}

export function valuesOf(list: readonly TOptionEntry[]): SettingsValues {
  const values = {} as SettingsValues;
  for (const key of EDITABLE_OPTION_KEYS) values[fieldOf(key)] = '';
  for (const entry of list) values[fieldOf(entry.key)] = entry.value;
  return values;
}

const valid = (key: EditableOptionKey, value: string) => OPTION_VALUE_SCHEMAS[key].safeParse(value).success;

/** What a rule between settings says, in the operator's language. */
export function ruleMessage(t: TFunction, issue: OptionRuleIssue): string {
  const level = (n: AgentLevel) => t(`level.${n}`);
  switch (issue.rule) {
    case 'priceBelowLevelAbove':
      return t('adminCatalog.settings.rules.priceBelowLevelAbove', {
        level: level(issue.level),
        above: level((issue.level - 1) as AgentLevel),
        price: issue.above,
      });
    case 'retailBelowLevel3':
      return t('adminCatalog.settings.rules.retailBelowLevel3', { level: level(3), price: issue.level3 });
    case 'rateAboveLevelAbove':
      return t('adminCatalog.settings.rules.rateAboveLevelAbove', {
        level: level(issue.level),
        above: level((issue.level - 1) as AgentLevel),
        rate: issue.above,
      });
  }
}

/** The form's resolver: each field by its setting's rule, then the rules between them once every field is valid. */
export function settingsResolver(t: TFunction) {
  const fields = Object.fromEntries(
    EDITABLE_OPTION_KEYS.map((key): [SettingField, FieldRule] => [
      fieldOf(key),
      {
        schema: OPTION_VALUE_SCHEMAS[key],
        invalid: t(`adminCatalog.settings.invalid.${KIND_OF[key]}`),
        ...(KIND_OF[key] === 'url' || KIND_OF[key] === 'color'
          ? {}
          : { required: t('adminCatalog.settings.invalid.required') }),
      },
    ]),
  ) as Record<SettingField, FieldRule>;
  return contractResolver<SettingsValues>(fields, (values) => {
    const normalized = {} as Record<EditableOptionKey, string>;
    for (const key of EDITABLE_OPTION_KEYS) {
      const value = values[fieldOf(key)];
      if (!valid(key, value)) return {};
      normalized[key] = normalizeOptionValue(key, value);
    }
    const said: Partial<Record<SettingField, string>> = {};
    for (const issue of optionRuleIssues(normalized)) said[fieldOf(issue.key)] ??= ruleMessage(t, issue);
    return said;
  });
}

export interface SettingChange {
  key: EditableOptionKey;
  before: string;
  value: string;
}

/** The settings the form changes: each valid value as the server stores it, against the value it was loaded with. */
export function changesOf(values: SettingsValues, loaded: SettingsValues): SettingChange[] {
  const changes: SettingChange[] = [];
  for (const key of EDITABLE_OPTION_KEYS) {
    const field = fieldOf(key);
    const value = values[field];
    if (!valid(key, value)) continue;
    const normalized = normalizeOptionValue(key, value);
    if (normalized !== loaded[field]) changes.push({ key, before: loaded[field], value: normalized });
  }
  return changes;
}
