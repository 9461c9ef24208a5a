import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';

/**
 * A hover hint: MUI's Tooltip where the device has a pointer that hovers (a mouse, a trackpad), and nothing on a
 * touch screen, where a hint would need a long press the button's own tap already answers. The Tooltip (with Popper
 * and popper.js, about 16 KB gzipped) is fetched only where it is shown, so a phone's path never carries it
 * (decision 028); its label stays on the control itself (`aria-label`).
 */
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

const HOVER = '(hover: hover) and (pointer: fine)';

const canHover = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(HOVER).matches;

export function Hint({ children, ...props }: TooltipProps) {
  if (!canHover()) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
