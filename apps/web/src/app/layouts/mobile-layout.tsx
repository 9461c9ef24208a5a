import { useTranslation } from '../../i18n/use-translation';
import { Outlet, useLocation, useMatches } from '../../router';
import { paths } from '../../config/paths';
import { useIsAuthenticated } from '../../lib/session';
import { MobileAppBar } from '../../shell/mobile-app-bar';
import { titleKeyOf } from '../route-handle';
import styles from './mobile-layout.module.css';

/** Agent and session pages: a phone page with an app bar and a back button, no sidebar. */
export function MobileLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const signedIn = useIsAuthenticated();
  const titleKey = titleKeyOf(matches, new URLSearchParams(useLocation().search));
  const fallbackHref = signedIn ? paths.agent.main.getHref() : paths.agent.index.getHref();
  return (
    <div className={styles.page}>
      <MobileAppBar title={t(titleKey)} fallbackHref={fallbackHref} />
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
