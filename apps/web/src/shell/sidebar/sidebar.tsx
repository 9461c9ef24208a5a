import type { CSSProperties } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { SIDEBAR_COLLAPSED_WIDTH } from '../../config/constants';
import type { LayoutName } from '../../config/paths';
import { SIDEBAR_FILTERS, SIDEBAR_IMAGES } from '../../config/themes';
import { hexToRgba } from '../../lib/color';
import { themeOptions } from '../../stores/theme-options';
import { cx } from '../../ui/cx';
import { Drawer } from '../../ui/drawer';
import { up, useMediaQuery } from '../../ui/use-media-query';
import styles from './sidebar.module.css';

export interface SidebarProps {
  layout: LayoutName;
  /** Full width (250, or the horizontal layout's drawer 250). */
  width: number;
  /** Collapsed to icons (70 px) on desktop. */
  collapsed: boolean;
  /** Whether the sidebar is a permanent column on desktop; otherwise only the slide-in drawer exists. */
  permanent: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** The menu and its icons: fetched when the sidebar first shows (a phone's drawer, when first opened; issue 29). */
const SidebarContent = lazy(() => import('./sidebar-content').then((m) => ({ default: m.SidebarContent })));

/** The sidebar: permanent on desktop (250, or 70 collapsed), a slide-in drawer on phones. */
export function Sidebar({ layout, width, collapsed, permanent, mobileOpen, onMobileClose }: SidebarProps) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(up('md'));
  const filterId = themeOptions.use((s) => s.sidebarFilterId);
  const filter = SIDEBAR_FILTERS.find((f) => f.id === filterId) ?? SIDEBAR_FILTERS[0];
  const showImage = themeOptions.use((s) => s.backgroundImage);
  const imageId = themeOptions.use((s) => s.sidebarImageId);
  const image = SIDEBAR_IMAGES.find((i) => i.id === imageId) ?? SIDEBAR_IMAGES[0];
  // The image lies beneath the filter colour, which stays mostly opaque so the menu text keeps its contrast.
  const veil = filter.background ? hexToRgba(filter.background, 0.82) : 'rgba(var(--c-primary-rgb), 0.82)';
  const paper: CSSProperties = {
    backgroundColor: filter.background ?? 'var(--c-primary)',
    backgroundImage: showImage ? `linear-gradient(${veil}, ${veil}), url("${image.url}")` : undefined,
    backgroundSize: showImage ? (image.tile ? 'auto, auto' : 'auto, cover') : undefined,
    color: filter.text,
  };
  const desktopWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : width;
  // A phone's drawer is built when first opened, then kept for quick reopening: at start it would be a third of the
  // page's elements, rendered on every load for a menu that is mostly not opened (decision 028).
  const [opened, setOpened] = useState(false);
  if (mobileOpen && !opened) setOpened(true);

  if (permanent && desktop) {
    return (
      <div className={styles.docked} style={{ width: desktopWidth }}>
        <div className={cx(styles.paper, styles.permanent)} style={{ ...paper, width: desktopWidth }}>
          <Suspense fallback={null}>
            <SidebarContent layout={layout} collapsed={collapsed} onNavigate={() => undefined} />
          </Suspense>
        </div>
      </div>
    );
  }
  if (!opened) return null;
  return (
    <Drawer open={mobileOpen} onClose={onMobileClose} keepMounted aria-label={t('sidebar.label')}>
      <div className={cx(styles.paper, styles.temporary)} style={{ ...paper, width }}>
        <Suspense fallback={null}>
          <SidebarContent layout={layout} collapsed={false} onNavigate={onMobileClose} />
        </Suspense>
      </div>
    </Drawer>
  );
}
