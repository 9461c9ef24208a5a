import type { ReactElement } from 'react';
import { Tooltip } from '../../ui/tooltip';

/**
 * A hover hint: a tooltip where the device has a pointer that hovers (a mouse, a trackpad), and nothing on a touch
 * screen, where a hint would need a long press the button's own tap already answers; its label stays on the control
 * itself (`aria-label`).
 */
const HOVER = '(hover: hover) and (pointer: fine)';

const canHover = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(HOVER).matches;

export function Hint({
  children,
  title,
  placement,
}: {
  children: ReactElement;
  title: string;
  placement?: 'top' | 'bottom' | 'right';
}) {
  if (!canHover()) return children;
  return (
    <Tooltip title={title} placement={placement === 'right' ? 'bottom' : placement}>
      {children}
    </Tooltip>
  );
}
