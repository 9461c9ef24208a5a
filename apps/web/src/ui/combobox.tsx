import type { ChangeEvent, KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './combobox.module.css';
import { cx } from './cx';
import { useAnchoredPosition } from './position';
import { TextField } from './text-field';

export interface ComboboxProps<T> {
  /** What the list offers now (filtered by the caller: the combobox shows them as they are). */
  options: readonly T[];
  getOptionKey: (option: T) => string;
  /** An option's content in the list. */
  renderOption: (option: T) => ReactNode;
  /** More attributes of an option's element (its test id). */
  optionProps?: (option: T) => { 'data-testid'?: string };
  /** The typed text (controlled). */
  inputValue: string;
  onInputChange: (value: string) => void;
  /** An option chosen: tapped, or Enter on the highlighted one. The list then closes. */
  onChange: (option: T) => void;
  /** Shown instead of the list while there are no options yet. */
  loading?: boolean;
  loadingText?: ReactNode;
  /** Shown when the list is open with nothing in it. */
  noOptionsText?: ReactNode;
  label?: ReactNode;
  placeholder?: string;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  startAdornment?: ReactNode;
  /** On the input (its name for screen readers, its test id). */
  inputProps?: { 'aria-label'?: string; 'data-testid'?: string };
  /** On the element around the field (its width). */
  className?: string;
  /** On the text field itself (its background). */
  fieldClassName?: string;
  /** On the popup under the field. */
  popupClassName?: string;
}

/**
 * A text field with a list of suggestions under it (MUI's Autocomplete, without its own filtering: the caller gives
 * the options for the typed text). The input is a role=combobox owning a role=listbox of role=option; typing or a tap
 * on the field opens the list, ArrowDown and ArrowUp move the highlight (round the ends), Home and End to the ends,
 * Enter or a tap chooses, Esc and leaving the field close it. The list is in a portal on <body>, under the field
 * and as wide as it.
 */
export function Combobox<T>({
  options,
  getOptionKey,
  renderOption,
  optionProps,
  inputValue,
  onInputChange,
  onChange,
  loading = false,
  loadingText,
  noOptionsText,
  label,
  placeholder,
  autoFocus,
  size,
  startAdornment,
  inputProps,
  className,
  fieldClassName,
  popupClassName,
}: ComboboxProps<T>) {
  const id = useId();
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [field, setField] = useState<HTMLDivElement | null>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const active = highlight < options.length ? highlight : -1;
  const message = loading && options.length === 0 ? loadingText : options.length === 0 ? noOptionsText : null;
  const shown = open && (options.length > 0 || Boolean(message));
  const position = useAnchoredPosition(shown, field, popupRef, 'bottom-start');

  useEffect(() => {
    if (!shown || active < 0) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [shown, active, id]);

  const close = () => {
    setOpen(false);
    setHighlight(-1);
  };
  const choose = (option: T) => {
    close();
    onChange(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An input method's Enter or arrows (choosing a Chinese word) are not the list's.
    if (event.nativeEvent.isComposing) return;
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setHighlight(open ? (active + 1) % count : 0);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setHighlight(!open || active <= 0 ? count - 1 : active - 1);
        break;
      case 'Home':
      case 'End':
        if (!shown || count === 0) return;
        event.preventDefault();
        setHighlight(event.key === 'Home' ? 0 : count - 1);
        break;
      case 'Enter': {
        const option = shown && active >= 0 ? options[active] : undefined;
        if (option === undefined) return;
        event.preventDefault();
        choose(option);
        break;
      }
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      default:
    }
  };

  const hasList = shown && options.length > 0;
  const width = field?.offsetWidth;

  return (
    <div ref={setField} className={className}>
      <TextField
        label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        size={size}
        fullWidth
        className={fieldClassName}
        startAdornment={startAdornment}
        inputProps={{
          ...inputProps,
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': shown,
          'aria-controls': hasList ? listId : undefined,
          'aria-activedescendant': hasList && active >= 0 ? optionId(active) : undefined,
          autoComplete: 'off',
          autoCapitalize: 'none',
          spellCheck: false,
          value: inputValue,
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            onInputChange(event.target.value);
            setOpen(true);
            setHighlight(-1);
          },
          onClick: () => {
            // A tap opens the list; another on an empty field closes it again (MUI's toggle).
            if (!open) setOpen(true);
            else if (inputValue === '') close();
          },
          onKeyDown,
          onBlur: close,
        }}
      />
      {shown
        ? createPortal(
            <div
              ref={popupRef}
              className={cx(styles.popup, popupClassName)}
              style={{ ...position, width }}
              // A press on the list keeps the focus in the field (or the field's blur would close the list first).
              onMouseDown={(event) => event.preventDefault()}
            >
              {hasList ? (
                <ul id={listId} role="listbox" className={styles.listbox}>
                  {options.map((option, index) => (
                    <li
                      key={getOptionKey(option)}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className={cx(styles.option, index === active && styles.highlighted)}
                      onMouseMove={() => {
                        if (index !== active) setHighlight(index);
                      }}
                      onClick={() => choose(option)}
                      {...optionProps?.(option)}
                    >
                      {renderOption(option)}
                    </li>
                  ))}
                </ul>
              ) : (
                <div className={styles.message}>{message}</div>
              )}
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
