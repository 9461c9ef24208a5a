// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const AddOutlinedIcon = /*#__PURE__*/ createIcon('<path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z"/>');
