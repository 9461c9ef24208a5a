import type {
  ChangeEventHandler,
  CSSProperties,
  FocusEventHandler,
  InputHTMLAttributes,
  KeyboardEventHandler,
  ReactNode,
  Ref,
} from 'react';
import { useId } from 'react';
import { cx } from './cx';
import { ArrowDropDownIcon } from './icons/ArrowDropDownIcon';
import styles from './text-field.module.css';

type FieldElement = HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement;

export interface TextFieldProps {
  label?: ReactNode;
  /** Under the box: a hint, or the error's message. */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  fullWidth?: boolean;
  /** small: 40 px high (44 px on a phone); medium: 56 px. */
  size?: 'small' | 'medium';
  type?: string;
  name?: string;
  value?: string | number;
  defaultValue?: string | number;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  onChange?: ChangeEventHandler<FieldElement>;
  onBlur?: FocusEventHandler<FieldElement>;
  onFocus?: FocusEventHandler<FieldElement>;
  onKeyDown?: KeyboardEventHandler<FieldElement>;
  /** The input element (an input, or the text area or select of `multiline` / `select`). */
  inputRef?: Ref<HTMLInputElement>;
  /** Before the text, inside the box (a currency sign, an icon). */
  startAdornment?: ReactNode;
  /** After the text, inside the box (a "show password" button, a unit). */
  endAdornment?: ReactNode;
  /** A text area of `rows` lines. */
  multiline?: boolean;
  rows?: number;
  /** A native select; the children are its <option>s. */
  select?: boolean;
  children?: ReactNode;
  /** More attributes of the input element itself (data-testid, aria-*). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string };
  id?: string;
  className?: string;
  style?: CSSProperties;
  /** On the field's outer box (MUI puts it there too); the input's own goes in inputProps. */
  'data-testid'?: string;
}

/**
 * A text box with its label on the border (MUI's outlined TextField: the label sits in the box and moves up onto
 * the border when the box is focused or filled, drawn by CSS alone), its helper or error text below, optional
 * adornments; a select or a text area with the same look.
 */
export function TextField({
  label,
  helperText,
  error,
  required,
  disabled,
  readOnly,
  fullWidth,
  size = 'medium',
  type = 'text',
  multiline,
  rows,
  select,
  children,
  startAdornment,
  endAdornment,
  inputProps,
  inputRef,
  placeholder,
  id,
  className,
  style,
  'data-testid': testId,
  ...input
}: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  const shrink = Boolean(startAdornment || select || placeholder || type === 'date' || type === 'time');
  const common = {
    id: inputId,
    className: styles.input,
    disabled,
    readOnly,
    required,
    'aria-invalid': error || undefined,
    'aria-describedby': helperId,
    ref: inputRef as Ref<FieldElement>,
    ...input,
  };
  const control = select ? (
    <select {...common} {...(inputProps as object)}>
      {children}
    </select>
  ) : multiline ? (
    <textarea {...common} rows={rows ?? 3} placeholder={placeholder ?? ' '} {...(inputProps as object)} />
  ) : (
    <input {...common} type={type} placeholder={placeholder ?? ' '} {...inputProps} />
  );
  return (
    <div
      className={cx(styles.root, fullWidth && styles.fullWidth, className)}
      style={style}
      data-testid={testId}
    >
      <div
        className={cx(
          styles.field,
          size === 'small' && styles.small,
          error && styles.error,
          disabled && styles.disabled,
          shrink && styles.shrink,
          startAdornment !== undefined && styles.hasStart,
          (endAdornment !== undefined || select) && styles.hasEnd,
          multiline && styles.multiline,
          select && styles.select,
        )}
      >
        {startAdornment !== undefined && (
          <span className={cx(styles.adornment, styles.start)}>{startAdornment}</span>
        )}
        {control}
        {label !== undefined && (
          <label className={styles.label} htmlFor={inputId}>
            {label}
            {required && <span aria-hidden="true"> *</span>}
          </label>
        )}
        {select && <ArrowDropDownIcon className={styles.arrow} />}
        {endAdornment !== undefined && (
          <span className={cx(styles.adornment, styles.end)}>{endAdornment}</span>
        )}
        <fieldset className={styles.outline} aria-hidden="true">
          <legend className={label === undefined ? styles.noLegend : undefined}>
            {label !== undefined && (
              <span>
                {label}
                {required && ' *'}
              </span>
            )}
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={helperId} className={cx(styles.helper, error && styles.helperError)}>
          {helperText}
        </p>
      )}
    </div>
  );
}
