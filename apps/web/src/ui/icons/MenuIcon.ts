// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const MenuIcon = /*#__PURE__*/ createIcon('<path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z"/>');
