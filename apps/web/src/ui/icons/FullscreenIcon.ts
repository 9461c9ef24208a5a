// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const FullscreenIcon = /*#__PURE__*/ createIcon('<path d="M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z"/>');
