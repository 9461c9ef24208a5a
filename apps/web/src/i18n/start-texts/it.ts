import shell from '../locales/it.json';
import identity from '../locales/identity/it.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
