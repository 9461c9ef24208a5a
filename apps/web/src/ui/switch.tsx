import type { ChangeEvent, CSSProperties, ReactElement, ReactNode } from 'react';
import { cloneElement, createContext, useContext, useEffect, useId, useRef } from 'react';
import { cx } from './cx';
import { CheckBoxIcon } from './icons/CheckBoxIcon';
import { CheckBoxOutlineBlankIcon } from './icons/CheckBoxOutlineBlankIcon';
import { IndeterminateCheckBoxIcon } from './icons/IndeterminateCheckBoxIcon';
import { RadioButtonUncheckedIcon } from './icons/RadioButtonUncheckedIcon';
import styles from './switch.module.css';

/** The attributes of the native input inside a switch, checkbox or radio (MUI's inputProps). */
export interface ControlInputProps {
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
}

/** What a switch and a checkbox take: a native checkbox, controlled (`checked`) or not (`defaultChecked`). */
interface CheckProps {
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean, event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  value?: string;
  size?: 'small' | 'medium';
  inputProps?: ControlInputProps;
  className?: string;
  style?: CSSProperties;
}

/** The native input's props from a CheckProps. */
function checkInput({
  checked,
  defaultChecked,
  onChange,
  disabled,
  required,
  name,
  value,
  inputProps,
}: CheckProps) {
  return {
    checked,
    defaultChecked,
    disabled,
    required,
    name,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.checked, event),
    ...inputProps,
  };
}

export type SwitchProps = CheckProps;

/** An on/off switch (MUI's Switch): a native checkbox with role=switch, drawn as a track and a thumb. */
export function Switch({ size = 'medium', className, style, ...props }: SwitchProps) {
  return (
    <span className={cx(styles.switch, size === 'small' && styles.switchSmall, className)} style={style}>
      <input type="checkbox" role="switch" className={styles.input} {...checkInput(props)} />
      <span className={styles.track} />
      <span className={styles.switchBase}>
        <span className={styles.thumb} />
      </span>
    </span>
  );
}

export interface CheckboxProps extends CheckProps {
  /** Neither checked nor unchecked (some of a list chosen): a dash, and "mixed" for screen readers. */
  indeterminate?: boolean;
}

/** A checkbox (MUI's Checkbox): a native checkbox under MUI's icons, a 42 px round hit area. */
export function Checkbox({
  indeterminate = false,
  size = 'medium',
  className,
  style,
  ...props
}: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const iconSize = size === 'small' ? 'small' : 'medium';
  return (
    <span className={cx(styles.base, className)} style={style}>
      <input ref={ref} type="checkbox" className={styles.input} {...checkInput(props)} />
      <span className={styles.halo} />
      <CheckBoxOutlineBlankIcon fontSize={iconSize} className={styles.off} />
      <CheckBoxIcon fontSize={iconSize} className={styles.on} />
      <IndeterminateCheckBoxIcon fontSize={iconSize} className={styles.mixed} />
    </span>
  );
}

interface RadioGroupContextValue {
  name: string;
  value: string | null;
  onChange: (value: string) => void;
}

const RadioGroupContext = createContext<RadioGroupContextValue | null>(null);

export interface RadioGroupProps<T extends string> {
  /** The chosen radio's value; null (or a value no radio has) when none is. */
  value: T | null;
  onChange: (value: T) => void;
  /** The radios' name; a generated one by default. */
  name?: string;
  /** The radios side by side (wrapping), not one under another. */
  row?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}

/** A set of radios of which one is chosen (MUI's RadioGroup): role=radiogroup; the arrow keys move the choice. */
export function RadioGroup<T extends string>({
  value,
  onChange,
  name,
  row,
  children,
  className,
  ...rest
}: RadioGroupProps<T>) {
  const generated = useId();
  const context: RadioGroupContextValue = {
    name: name ?? generated,
    value,
    onChange: onChange as (value: string) => void,
  };
  return (
    <div role="radiogroup" className={cx(styles.group, row && styles.row, className)} {...rest}>
      <RadioGroupContext.Provider value={context}>{children}</RadioGroupContext.Provider>
    </div>
  );
}

export interface RadioProps {
  /** Its value; inside a <FormControlLabel value> it may come from the label. */
  value?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  inputProps?: ControlInputProps;
  className?: string;
  style?: CSSProperties;
}

/** One radio of a <RadioGroup> (MUI's Radio): a native radio under MUI's ring, its dot growing when chosen. */
export function Radio({ value = '', disabled, size = 'medium', inputProps, className, style }: RadioProps) {
  const group = useContext(RadioGroupContext);
  return (
    <span className={cx(styles.base, size === 'small' && styles.radioSmall, className)} style={style}>
      <input
        type="radio"
        className={styles.input}
        name={group?.name}
        value={value}
        checked={group ? group.value === value : undefined}
        onChange={(event) => {
          if (event.target.checked) group?.onChange(value);
        }}
        disabled={disabled}
        {...inputProps}
      />
      <span className={styles.halo} />
      <RadioButtonUncheckedIcon fontSize={size} />
      <span className={styles.dot} />
    </span>
  );
}

export interface FormControlLabelProps {
  /** The control: a <Switch>, <Checkbox> or <Radio>. */
  control: ReactElement<{ disabled?: boolean; value?: string }>;
  label: ReactNode;
  /** Disables the control too. */
  disabled?: boolean;
  /** Given to the control (a <Radio>'s value), as MUI's FormControlLabel does. */
  value?: string;
  /** The label after the control (default) or before it. */
  labelPlacement?: 'end' | 'start';
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** A control with its text, both one <label> (MUI's FormControlLabel): a tap on the text toggles the control. */
export function FormControlLabel({
  control,
  label,
  disabled,
  value,
  labelPlacement = 'end',
  className,
  ...rest
}: FormControlLabelProps) {
  const off = disabled ?? control.props.disabled ?? false;
  return (
    <label
      className={cx(
        styles.label,
        labelPlacement === 'start' && styles.labelStart,
        off && styles.labelDisabled,
        className,
      )}
      {...rest}
    >
      {cloneElement(control, { disabled: off, value: control.props.value ?? value })}
      <span className={styles.labelText}>{label}</span>
    </label>
  );
}
