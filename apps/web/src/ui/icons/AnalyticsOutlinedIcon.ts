// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.
import { createIcon } from '../icon';

export const AnalyticsOutlinedIcon = /*#__PURE__*/ createIcon('<path d="M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5V5h14z"/><path d="M7 12h2v5H7zm8-5h2v10h-2zm-4 7h2v3h-2zm0-4h2v2h-2z"/>');
