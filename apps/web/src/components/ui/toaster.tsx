import { useEffect, useState } from 'react';
import { attachToaster, type Toast } from '../../lib/notify';
import { cx } from '../../ui/cx';
import { CheckCircleOutlineOutlinedIcon } from '../../ui/icons/CheckCircleOutlineOutlinedIcon';
import { ErrorOutlineOutlinedIcon } from '../../ui/icons/ErrorOutlineOutlinedIcon';
import { InfoOutlinedIcon } from '../../ui/icons/InfoOutlinedIcon';
import styles from './toaster.module.css';

/** At most this many at once; the oldest goes when another comes. */
const MAX_SHOWN = 3;
/** How long a toast stays, ms. */
const SHOWN_MS = 3000;

const ICONS = {
  error: ErrorOutlineOutlinedIcon,
  success: CheckCircleOutlineOutlinedIcon,
  info: InfoOutlinedIcon,
} as const;

interface Shown extends Toast {
  id: number;
}

let nextId = 1;

/**
 * The toasts, fetched with the first one (toast-host.tsx, decision 047): mounted, it shows the toasts that waited
 * for it (lib/notify.ts) and takes every later one: at most three at a time, at the top, each gone after 3 s; an
 * error already on screen is not shown twice. Errors are announced at once (role=alert), the rest politely.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<Shown[]>([]);

  useEffect(
    () =>
      attachToaster({
        show: (toast) => {
          const id = nextId++;
          setToasts((list) => {
            if (
              toast.variant === 'error' &&
              list.some((t) => t.variant === 'error' && t.message === toast.message)
            )
              return list;
            return [...list, { ...toast, id }].slice(-MAX_SHOWN);
          });
          setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), SHOWN_MS);
        },
        closeAll: () => setToasts([]),
      }),
    [],
  );

  return (
    <div className={styles.stack} data-testid="toasts">
      {toasts.map(({ id, message, variant }) => {
        const Icon = ICONS[variant];
        return (
          <div
            key={id}
            className={cx(styles.toast, styles[variant])}
            role={variant === 'error' ? 'alert' : 'status'}
          >
            <Icon fontSize="small" className={styles.icon} />
            <span className={styles.message}>{message}</span>
          </div>
        );
      })}
    </div>
  );
}
