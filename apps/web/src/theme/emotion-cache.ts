import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** Right-to-left needs its own Emotion cache that flips every style (MUI's RTL guide). */
export const ltrCache: EmotionCache = createCache({ key: 'mui', prepend: true });
export const rtlCache: EmotionCache = createCache({
  key: 'muirtl',
  prepend: true,
  stylisPlugins: [prefixer, rtlPlugin],
});
