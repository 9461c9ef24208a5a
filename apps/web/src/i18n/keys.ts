import type { TranslationResources } from './resources';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, as a dotted path into the default locale (cn.json). */
export type TranslationKey = Leaves<TranslationResources>;
