import { lazy, Suspense } from 'react';
import { cx } from '../../ui/cx';
import { up, useMediaQuery } from '../../ui/use-media-query';
import { desktopOnly, mobileOnly } from './header-icon';
import styles from './header-search-slots.module.css';

/**
 * The search box (its text field and its list of hits) is fetched where it shows: in the toolbar from `md` up, on a
 * phone when its toggle opens it (decision 028).
 */
const HeaderSearch = lazy(() => import('./header-search').then((m) => ({ default: m.HeaderSearch })));

/** The toolbar's search box, built only from `md` up. */
export function DesktopSearch() {
  const wide = useMediaQuery(up('md'));
  return (
    <div className={cx(desktopOnly, styles.desktop)}>
      {wide ? (
        <Suspense fallback={<div className={styles.desktopFallback} />}>
          <HeaderSearch />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The mobile search form (SPEC section 2): a full-width row under the toolbar, shown by its toggle. */
export function MobileSearchRow({ onDone }: { onDone: () => void }) {
  return (
    <div className={cx(mobileOnly, styles.mobile)} data-testid="mobile-search-form">
      <Suspense fallback={<div className={styles.mobileFallback} />}>
        <HeaderSearch autoFocus onDone={onDone} />
      </Suspense>
    </div>
  );
}
