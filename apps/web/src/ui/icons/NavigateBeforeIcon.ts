// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const NavigateBeforeIcon = /*#__PURE__*/ createIcon('<path d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z"/>');
