import shell from '../locales/hu.json';
import identity from '../locales/identity/hu.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
