// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const ExpandMoreIcon = /*#__PURE__*/ createIcon('<path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z"/>');
