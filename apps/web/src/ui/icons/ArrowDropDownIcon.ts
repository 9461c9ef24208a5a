// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const ArrowDropDownIcon = /*#__PURE__*/ createIcon('<path d="m7 10 5 5 5-5z"/>');
