/**
 * The texts of the areas only the operator console and the template dashboards use (LAZY_AREAS in resources.ts),
 * each a file of its own per language, fetched by the routes that need them.
 */
import type { Texts } from './translator';

export const lazyTextFiles = import.meta.glob<{ default: Texts }>([
  './locales/dashboards/*.json',
  './locales/admin*/*.json',
]);
