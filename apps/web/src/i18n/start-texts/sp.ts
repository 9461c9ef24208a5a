import shell from '../locales/sp.json';
import identity from '../locales/identity/sp.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
