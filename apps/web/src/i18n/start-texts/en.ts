import shell from '../locales/en.json';
import identity from '../locales/identity/en.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
