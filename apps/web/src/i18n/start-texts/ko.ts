import shell from '../locales/ko.json';
import identity from '../locales/identity/ko.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
