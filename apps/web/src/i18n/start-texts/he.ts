import shell from '../locales/he.json';
import identity from '../locales/identity/he.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
