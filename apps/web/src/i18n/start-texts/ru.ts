import shell from '../locales/ru.json';
import identity from '../locales/identity/ru.json';
import type { StartTexts } from '../resources';

export default { ...shell, identity } satisfies StartTexts;
