import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LAYOUT_LOADER_MS } from '../config/constants';
import { cx } from '../ui/cx';
import { Spinner } from '../ui/progress';
import styles from './layout-loader.module.css';

/** How long the loader takes to fade out (its stylesheet's transition). */
const FADE_MS = 225;

/** Whether the layout's start-up animation (about 2 s, SPEC section 9) is still playing. */
export function useLayoutLoading(): boolean {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), LAYOUT_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  return loading;
}

/**
 * The loading animation over the content area when a layout starts. It covers the page content only, so
 * the header (and its figures) is usable at once.
 */
export function LayoutLoader({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  // Shown at once (no entering transition: it would force the whole page's layout while React commits it); after
  // `loading` ends it fades out, then leaves the page.
  const [mounted, setMounted] = useState(loading);
  if (loading && !mounted) setMounted(true);
  useEffect(() => {
    if (loading) return undefined;
    const timer = setTimeout(() => setMounted(false), FADE_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!mounted) return null;
  return (
    <div
      role="status"
      aria-label={t('app.loading')}
      data-testid="layout-loader"
      className={cx(styles.loader, !loading && styles.leaving)}
    >
      <Spinner color="primary" />
    </div>
  );
}
