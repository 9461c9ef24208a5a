// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const RemoveIcon = /*#__PURE__*/ createIcon('<path d="M19 13H5v-2h14z"/>');
