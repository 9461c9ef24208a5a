import { LinearProgress } from '../ui/progress';
import styles from './boot-fallback.module.css';

/** While the first route's code arrives: a thin bar at the top, nothing to read. */
export function BootFallback() {
  return (
    <div className={styles.bar}>
      <LinearProgress />
    </div>
  );
}
