import shell from '../locales/ar.json';
import identity from '../locales/identity/ar.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
