// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const LogoutOutlinedIcon = /*#__PURE__*/ createIcon('<path d="m17 8-1.41 1.41L17.17 11H9v2h8.17l-1.58 1.58L17 16l4-4zM5 5h7V3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h7v-2H5z"/>');
