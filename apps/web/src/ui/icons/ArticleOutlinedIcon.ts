// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const ArticleOutlinedIcon = /*#__PURE__*/ createIcon('<path d="M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2"/><path d="M14 17H7v-2h7zm3-4H7v-2h10zm0-4H7V7h10z"/>');
