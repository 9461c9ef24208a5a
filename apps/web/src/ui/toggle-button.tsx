import type { CSSProperties, ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { cx } from './cx';
import styles from './toggle-button.module.css';

interface ToggleGroupContextValue {
  value: string | null;
  onChange: (value: string) => void;
  size: 'small' | 'medium' | 'large';
  disabled: boolean;
}

const ToggleGroupContext = createContext<ToggleGroupContextValue>({
  value: null,
  onChange: () => undefined,
  size: 'medium',
  disabled: false,
});

export interface ToggleButtonGroupProps<T extends string> {
  /** The chosen button's value; null when none is. */
  value: T | null;
  /** Called with the value of the button pressed, never with the one already chosen (nothing is unchosen). */
  onChange: (value: T) => void;
  size?: 'small' | 'medium' | 'large';
  /** The buttons share the whole width. */
  fullWidth?: boolean;
  disabled?: boolean;
  /** The chosen button is drawn in the primary colour (MUI's color="primary", the only look here). */
  color?: 'primary';
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}

/**
 * A row of joined outlined buttons of which one is chosen (MUI's exclusive ToggleButtonGroup): role=group, each
 * button aria-pressed.
 */
export function ToggleButtonGroup<T extends string>({
  value,
  onChange,
  size = 'medium',
  fullWidth,
  disabled = false,
  color: _color,
  children,
  className,
  ...rest
}: ToggleButtonGroupProps<T>) {
  const context: ToggleGroupContextValue = {
    value,
    onChange: onChange as (value: string) => void,
    size,
    disabled,
  };
  return (
    <div role="group" className={cx(styles.group, fullWidth && styles.fullWidth, className)} {...rest}>
      <ToggleGroupContext.Provider value={context}>{children}</ToggleGroupContext.Provider>
    </div>
  );
}

export interface ToggleButtonProps {
  value: string;
  children: ReactNode;
  /** Its name when it shows only an icon. */
  'aria-label'?: string;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}

/** One button of a <ToggleButtonGroup> (MUI's ToggleButton). */
export function ToggleButton({ value, disabled, className, ...rest }: ToggleButtonProps) {
  const group = useContext(ToggleGroupContext);
  const selected = group.value === value;
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled || group.disabled}
      className={cx(styles.button, styles[group.size], selected && styles.selected, className)}
      onClick={() => {
        if (!selected) group.onChange(value);
      }}
      {...rest}
    />
  );
}
