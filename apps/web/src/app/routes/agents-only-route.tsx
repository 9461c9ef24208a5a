import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useMatches } from '../../router';
import { paths } from '../../config/paths';
import { AgentsOnlyNotice } from '../../features/agent/components/agents-only-notice';
import { MobileAppBar } from '../../shell/mobile-app-bar';
import styles from '../layouts/mobile-layout.module.css';
import { titleKeyOf } from '../route-handle';

/**
 * An agent page opened by a signed-in player who is no agent: in place of the page's layout (whose header and
 * figures read the agent), a phone page titled as the page was, that says what to do.
 */
export function AgentsOnlyRoute() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = titleKeyOf(matches, new URLSearchParams(useLocation().search));
  return (
    <div className={styles.page} data-testid="page-agents-only">
      <MobileAppBar title={t(titleKey)} fallbackHref={paths.agent.index.getHref()} />
      <main className={styles.main}>
        <AgentsOnlyNotice />
      </main>
    </div>
  );
}
