import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { IconButton } from './button';
import { cx } from './cx';
import styles from './alert.module.css';
import { CheckCircleOutlineOutlinedIcon } from './icons/CheckCircleOutlineOutlinedIcon';
import { CloseIcon } from './icons/CloseIcon';
import { ErrorOutlineOutlinedIcon } from './icons/ErrorOutlineOutlinedIcon';
import { InfoOutlinedIcon } from './icons/InfoOutlinedIcon';
import { ReportProblemOutlinedIcon } from './icons/ReportProblemOutlinedIcon';

export type Severity = 'success' | 'info' | 'warning' | 'error';

const ICONS = {
  success: CheckCircleOutlineOutlinedIcon,
  info: InfoOutlinedIcon,
  warning: ReportProblemOutlinedIcon,
  error: ErrorOutlineOutlinedIcon,
} as const;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  severity?: Severity;
  /** standard: a tinted block; outlined: a border; filled: the colour itself. */
  variant?: 'standard' | 'outlined' | 'filled';
  /** A bold first line. */
  title?: ReactNode;
  /** At the end of the block: a button ("retry", "open"). */
  action?: ReactNode;
  /** A close button that calls this. */
  onClose?: () => void;
  /** Its own icon, or false for none. */
  icon?: ReactNode | false;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * A message in a tinted block: success, information, a warning or an error (MUI's Alert, with its role=alert unless
 * the caller gives another role).
 */
export function Alert({
  severity = 'success',
  variant = 'standard',
  title,
  action,
  onClose,
  icon,
  className,
  children,
  role,
  ...rest
}: AlertProps) {
  const { t } = useTranslation();
  const SeverityIcon = ICONS[severity];
  return (
    <div
      role={role ?? 'alert'}
      className={cx(styles.alert, styles[variant], styles[severity], className)}
      {...rest}
    >
      {icon !== false && <div className={styles.icon}>{icon ?? <SeverityIcon fontSize="inherit" />}</div>}
      <div className={styles.message}>
        {title && <div className={styles.title}>{title}</div>}
        {children}
      </div>
      {(action || onClose) && (
        <div className={styles.action}>
          {action}
          {onClose && !action && (
            <IconButton aria-label={t('common.close')} color="inherit" size="small" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </div>
      )}
    </div>
  );
}
