import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useAgentUser } from '../../api/get-user';
import { HEADER_FILTERS } from '../../config/themes';
import { languageOf } from '../../i18n/languages';
import { cartStore } from '../../stores/cart';
import { themeOptions } from '../../stores/theme-options';
import { Badge } from '../../ui/badge';
import { cx } from '../../ui/cx';
import { ContactsOutlinedIcon } from '../../ui/icons/ContactsOutlinedIcon';
import { ExitToAppOutlinedIcon } from '../../ui/icons/ExitToAppOutlinedIcon';
import { FullscreenExitIcon } from '../../ui/icons/FullscreenExitIcon';
import { FullscreenIcon } from '../../ui/icons/FullscreenIcon';
import { LinkOutlinedIcon } from '../../ui/icons/LinkOutlinedIcon';
import { MenuIcon } from '../../ui/icons/MenuIcon';
import { MoreVertIcon } from '../../ui/icons/MoreVertIcon';
import { SearchIcon } from '../../ui/icons/SearchIcon';
import { SearchOffIcon } from '../../ui/icons/SearchOffIcon';
import { ShareOutlinedIcon } from '../../ui/icons/ShareOutlinedIcon';
import { ShoppingCartOutlinedIcon } from '../../ui/icons/ShoppingCartOutlinedIcon';
import { TuneOutlinedIcon } from '../../ui/icons/TuneOutlinedIcon';
import { AgentAvatar } from './agent-avatar';
import { AgentBar } from './agent-bar';
import { HeaderBrand } from './header-brand';
import { desktopOnly, HeaderIcon, mobileOnly } from './header-icon';
import { DesktopSearch, MobileSearchRow } from './header-search-slots';
import type { ExitDialog, HeaderMenuId } from './menu-types';
import { NotificationsBell } from './notifications-bell';
import { ShopButton } from './shop-button';
import { useFullscreen } from './use-fullscreen';
import styles from './header.module.css';

/** The dropdowns and the exit confirmations: fetched when one is first opened, never on the first screen (issue 29). */
const HeaderMenus = lazy(() => import('./header-menus').then((m) => ({ default: m.HeaderMenus })));

export interface HeaderProps {
  /** Where the logo leads (the horizontal layout's logo goes to its ecommerce dashboard). */
  logoHref: string;
  onToggleSidebar: () => void;
  onOpenCustomizer: () => void;
}

/**
 * The full header (SPEC sections 1, 2 and 4): brand, the agent's figures, shop, share and exit menus,
 * and the template parts (quick links, language, fullscreen, notifications, cart, user menu, settings).
 * It holds which dropdown is open (one at a time, at its button, or at the overflow menu's on a phone),
 * which confirmation shows, and whether the phone's search row shows.
 */
export function Header({ logoHref, onToggleSidebar, onOpenCustomizer }: HeaderProps) {
  const { t, i18n } = useTranslation();
  const { query: userQuery, user } = useAgentUser();
  const cartCount = cartStore.use((s) => s.items.length);
  const headerFilterId = themeOptions.use((s) => s.headerFilterId);
  const filter = HEADER_FILTERS.find((f) => f.id === headerFilterId) ?? HEADER_FILTERS[1];
  const fullscreen = useFullscreen();

  const [menu, setMenu] = useState<{ id: HeaderMenuId; anchor: HTMLElement } | null>(null);
  const [dialog, setDialog] = useState<ExitDialog | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const open = (id: HeaderMenuId) => (anchor: HTMLElement) => setMenu({ id, anchor });
  // Once fetched the menus stay mounted, so a closing menu plays its way out.
  const [menusLoaded, setMenusLoaded] = useState(false);
  if ((menu !== null || dialog !== null) && !menusLoaded) setMenusLoaded(true);
  const closeMenu = () => setMenu(null);
  /** From the overflow menu, open another dropdown at the same anchor. */
  const switchTo = (id: HeaderMenuId) => () =>
    setMenu((current) => (current ? { id, anchor: current.anchor } : null));

  return (
    <header
      className={styles.header}
      style={{ backgroundColor: filter.background ?? 'var(--c-primary)', color: filter.text }}
    >
      <div className={styles.toolbar}>
        <HeaderIcon
          label={t('header.toggleSidebar')}
          className="tour-toggle-sidebar"
          onClick={onToggleSidebar}
        >
          <MenuIcon />
        </HeaderIcon>
        <HeaderBrand href={logoHref} />
        <DesktopSearch />
        <div className={styles.grow} />
        <HeaderIcon
          label={searchOpen ? t('header.search.close') : t('header.search.open')}
          testId="header-search-toggle"
          className={mobileOnly}
          onClick={() => setSearchOpen((shown) => !shown)}
        >
          {searchOpen ? <SearchOffIcon /> : <SearchIcon />}
        </HeaderIcon>

        <HeaderIcon
          label={t('header.quickLinks')}
          className={cx('tour-quick-links', desktopOnly)}
          onClick={open('quickLinks')}
        >
          <LinkOutlinedIcon />
        </HeaderIcon>
        <HeaderIcon
          label={t('header.language')}
          className={cx('tour-language', desktopOnly)}
          onClick={open('language')}
        >
          <span className={styles.flag} aria-hidden>
            {languageOf(i18n.language).flag}
          </span>
        </HeaderIcon>
        {fullscreen.supported ? (
          <HeaderIcon
            label={fullscreen.active ? t('header.exitFullscreen') : t('header.fullscreen')}
            className={desktopOnly}
            onClick={fullscreen.toggle}
          >
            {fullscreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </HeaderIcon>
        ) : null}
        <HeaderIcon
          label={t('header.contacts.title')}
          testId="header-contacts"
          className={desktopOnly}
          onClick={open('contacts')}
        >
          <ContactsOutlinedIcon />
        </HeaderIcon>
        <NotificationsBell onOpen={open('notifications')} />
        <HeaderIcon label={t('header.cart')} className={desktopOnly} onClick={open('cart')}>
          <Badge badgeContent={cartCount} color="error">
            <ShoppingCartOutlinedIcon />
          </Badge>
        </HeaderIcon>

        <ShopButton />
        <HeaderIcon label={t('header.share')} testId="header-share" onClick={open('share')}>
          <ShareOutlinedIcon />
        </HeaderIcon>
        <HeaderIcon label={t('header.exit')} testId="header-exit" onClick={open('exit')}>
          <ExitToAppOutlinedIcon />
        </HeaderIcon>
        <HeaderIcon label={t('header.userMenu')} className={desktopOnly} onClick={open('user')}>
          <AgentAvatar user={user} />
        </HeaderIcon>
        <HeaderIcon
          label={t('header.settings')}
          className={cx('tour-theme-settings', desktopOnly)}
          onClick={onOpenCustomizer}
        >
          <TuneOutlinedIcon />
        </HeaderIcon>
        <HeaderIcon
          label={t('header.more')}
          testId="header-more"
          className={mobileOnly}
          onClick={open('more')}
        >
          <MoreVertIcon />
        </HeaderIcon>
      </div>
      {searchOpen ? <MobileSearchRow onDone={() => setSearchOpen(false)} /> : null}

      <AgentBar user={user} loading={userQuery.isPending && userQuery.fetchStatus !== 'idle'} />

      {menu !== null || dialog !== null || menusLoaded ? (
        <Suspense fallback={null}>
          <HeaderMenus
            menu={menu}
            dialog={dialog}
            closeMenu={closeMenu}
            switchTo={switchTo}
            setDialog={setDialog}
            user={user}
            fullscreen={fullscreen}
            onOpenCustomizer={onOpenCustomizer}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
