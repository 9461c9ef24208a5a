import shell from '../locales/ge.json';
import identity from '../locales/identity/ge.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
