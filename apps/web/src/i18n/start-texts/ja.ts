import shell from '../locales/ja.json';
import identity from '../locales/identity/ja.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
