import shell from '../locales/fr.json';
import identity from '../locales/identity/fr.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
