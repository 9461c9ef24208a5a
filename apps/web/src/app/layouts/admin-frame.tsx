import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { HORIZONTAL_DRAWER_WIDTH, SIDEBAR_WIDTH } from '../../config/constants';
import type { LayoutName } from '../../config/paths';
import { paths } from '../../config/paths';
import { AnimatedOutlet } from '../../shell/animated-outlet';
import { Footer } from '../../shell/footer';
import { Header } from '../../shell/header/header';
import { LayoutLoader, useLayoutLoading } from '../../shell/layout-loader';
import { Sidebar } from '../../shell/sidebar/sidebar';
import { Tour } from '../../shell/tour/tour';
import { themeOptions } from '../../stores/theme-options';
import { cx } from '../../ui/cx';
import { up, useMediaQuery } from '../../ui/use-media-query';
import styles from './admin-frame.module.css';

// The horizontal layout's menu bar comes with that layout only.
const HorizontalMenu = lazy(() =>
  import('../../shell/horizontal-menu').then((m) => ({ default: m.HorizontalMenu })),
);
// The customizer's code loads the first time it is opened.
const Customizer = lazy(() =>
  import('../../shell/customizer/customizer').then((m) => ({ default: m.Customizer })),
);

export interface AdminFrameProps {
  layout: LayoutName;
  /**
   * sidebar: permanent sidebar (default, mini); boxed: the same inside a centred box; centered: full header
   * and centred content with a slide-in sidebar (boxed-v2); horizontal: menu bar and slide-in drawer.
   */
  variant: 'sidebar' | 'boxed' | 'centered' | 'horizontal';
}

/** The shared frame of the five template layouts: sidebar, header, content, footer, customizer, tour. */
export function AdminFrame({ layout, variant }: AdminFrameProps) {
  const desktop = useMediaQuery(up('md'));
  const collapsed = themeOptions.use((s) => s.collapseSidebar);
  const boxLayout = themeOptions.use((s) => s.boxLayout);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const [customizerUsed, setCustomizerUsed] = useState(false);
  const loading = useLayoutLoading();
  // The page under the start-up loader (which hides it for its first two seconds) is built after the frame, in a
  // transition: React builds it in short slices between which the phone stays responsive, instead of one long task
  // for the frame and the page together.
  const [pageBuilt, setPageBuilt] = useState(false);
  useEffect(() => startTransition(() => setPageBuilt(true)), []);

  const permanentSidebar = variant === 'sidebar' || variant === 'boxed';
  const toggleSidebar = () => {
    if (permanentSidebar && desktop) themeOptions.set({ collapseSidebar: !collapsed });
    else setDrawerOpen((open) => !open);
  };
  const logoHref =
    layout === 'boxed-v2' ? paths.agent.main.getHref() : paths.layouts[layout].dashboard.ecommerce.getHref();

  const frame = (
    <div className={styles.frame}>
      <Sidebar
        layout={layout}
        width={variant === 'horizontal' ? HORIZONTAL_DRAWER_WIDTH : SIDEBAR_WIDTH}
        collapsed={collapsed}
        permanent={permanentSidebar}
        mobileOpen={drawerOpen}
        onMobileClose={() => setDrawerOpen(false)}
      />
      <div className={styles.column}>
        <Header
          logoHref={logoHref}
          onToggleSidebar={toggleSidebar}
          onOpenCustomizer={() => {
            setCustomizerUsed(true);
            setCustomizerOpen(true);
          }}
        />
        {variant === 'horizontal' ? (
          <Suspense fallback={null}>
            <HorizontalMenu layout={layout} />
          </Suspense>
        ) : null}
        <main className={cx(styles.main, variant === 'centered' && styles.centered)}>
          <LayoutLoader loading={loading} />
          {pageBuilt ? <AnimatedOutlet /> : null}
        </main>
        {/* With the page, so that the page's arrival does not push it down the screen. */}
        {pageBuilt ? <Footer /> : null}
      </div>
      {customizerUsed ? (
        <Suspense fallback={null}>
          <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
        </Suspense>
      ) : null}
      <Tour />
    </div>
  );

  // The boxed layout is always in a box; the customizer's box layout puts the other sidebar layouts in one too.
  if (variant !== 'boxed' && !(boxLayout && variant === 'sidebar')) return frame;
  return (
    <div className={styles.boxOuter} data-testid="box-layout">
      <div className={styles.box}>{frame}</div>
    </div>
  );
}
