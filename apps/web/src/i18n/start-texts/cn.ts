import shell from '../locales/cn.json';
import identity from '../locales/identity/cn.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
