import { useLocation, useOutlet } from '../router';
import { themeOptions } from '../stores/theme-options';
import styles from './animated-outlet.module.css';

/** The routed page, replayed with the customizer's route animation whenever the page changes. */
export function AnimatedOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const animation = themeOptions.use((s) => s.routerAnimation);
  return (
    <div key={pathname} className={styles[animation]}>
      {outlet}
    </div>
  );
}
