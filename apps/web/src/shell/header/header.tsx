import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import ExitToAppOutlined from '@mui/icons-material/ExitToAppOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MoreVert from '@mui/icons-material/MoreVert';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentUser } from '../../api/get-user';
import { HEADER_FILTERS } from '../../config/themes';
import { languageOf } from '../../i18n/languages';
import { cartStore } from '../../stores/cart';
import { themeOptions } from '../../stores/theme-options';
import { AgentAvatar } from './agent-avatar';
import { AgentBar } from './agent-bar';
import { CartMenu } from './cart-menu';
import { ContactsMenu } from './contacts-menu';
import { type ExitDialog, ExitDialogs } from './exit-dialogs';
import { ExitMenu } from './exit-menu';
import { HeaderBrand } from './header-brand';
import { desktopOnly, HeaderIcon, mobileOnly } from './header-icon';
import { DesktopSearch, MobileSearchRow } from './header-search-slots';
import { LanguageMenu } from './language-menu';
import type { HeaderMenuId } from './menu-types';
import { MoreMenu } from './more-menu';
import { NotificationsBell } from './notifications-bell';
import { NotificationsMenu } from './notifications-menu';
import { QuickLinksMenu } from './quick-links-menu';
import { ShareMenu } from './share-menu';
import { ShopButton } from './shop-button';
import { useFullscreen } from './use-fullscreen';
import { UserMenu } from './user-menu';

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
  const theme = useTheme();
  const { query: userQuery, user } = useAgentUser();
  const cartCount = cartStore.use((s) => s.items.length);
  const headerFilterId = themeOptions.use((s) => s.headerFilterId);
  const filter = HEADER_FILTERS.find((f) => f.id === headerFilterId) ?? HEADER_FILTERS[1];
  const fullscreen = useFullscreen();

  const [menu, setMenu] = useState<{ id: HeaderMenuId; anchor: HTMLElement } | null>(null);
  const [dialog, setDialog] = useState<ExitDialog | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const open = (id: HeaderMenuId) => (anchor: HTMLElement) => setMenu({ id, anchor });
  const anchorOf = (id: HeaderMenuId) => (menu?.id === id ? menu.anchor : null);
  const closeMenu = () => setMenu(null);
  /** From the overflow menu, open another dropdown at the same anchor. */
  const switchTo = (id: HeaderMenuId) => () =>
    setMenu((current) => (current ? { id, anchor: current.anchor } : null));

  return (
    <AppBar
      position="sticky"
      sx={{ bgcolor: filter.background ?? theme.palette.primary.main, color: filter.text }}
    >
      <Toolbar
        disableGutters
        sx={{ minHeight: { xs: 52, sm: 56 }, px: { xs: 0, sm: 1.5 }, gap: { xs: 0, sm: 0.5 } }}
      >
        <HeaderIcon
          label={t('header.toggleSidebar')}
          className="tour-toggle-sidebar"
          onClick={onToggleSidebar}
        >
          <MenuIcon />
        </HeaderIcon>
        <HeaderBrand href={logoHref} />
        <DesktopSearch />
        <Box sx={{ flex: 1 }} />
        <HeaderIcon
          label={searchOpen ? t('header.search.close') : t('header.search.open')}
          testId="header-search-toggle"
          sx={mobileOnly}
          onClick={() => setSearchOpen((shown) => !shown)}
        >
          {searchOpen ? <SearchOffIcon /> : <SearchIcon />}
        </HeaderIcon>

        <HeaderIcon
          label={t('header.quickLinks')}
          className="tour-quick-links"
          sx={desktopOnly}
          onClick={open('quickLinks')}
        >
          <LinkOutlined />
        </HeaderIcon>
        <HeaderIcon
          label={t('header.language')}
          className="tour-language"
          sx={desktopOnly}
          onClick={open('language')}
        >
          <Box component="span" sx={{ fontSize: 20, lineHeight: 1 }} aria-hidden>
            {languageOf(i18n.language).flag}
          </Box>
        </HeaderIcon>
        {fullscreen.supported ? (
          <HeaderIcon
            label={fullscreen.active ? t('header.exitFullscreen') : t('header.fullscreen')}
            sx={desktopOnly}
            onClick={fullscreen.toggle}
          >
            {fullscreen.active ? <FullscreenExit /> : <Fullscreen />}
          </HeaderIcon>
        ) : null}
        <HeaderIcon
          label={t('header.contacts.title')}
          testId="header-contacts"
          sx={desktopOnly}
          onClick={open('contacts')}
        >
          <ContactsOutlined />
        </HeaderIcon>
        <NotificationsBell onOpen={open('notifications')} />
        <HeaderIcon label={t('header.cart')} sx={desktopOnly} onClick={open('cart')}>
          <Badge badgeContent={cartCount} color="error">
            <ShoppingCartOutlined />
          </Badge>
        </HeaderIcon>

        <ShopButton />
        <HeaderIcon label={t('header.share')} testId="header-share" onClick={open('share')}>
          <ShareOutlined />
        </HeaderIcon>
        <HeaderIcon label={t('header.exit')} testId="header-exit" onClick={open('exit')}>
          <ExitToAppOutlined />
        </HeaderIcon>
        <HeaderIcon label={t('header.userMenu')} sx={desktopOnly} onClick={open('user')}>
          <AgentAvatar user={user} />
        </HeaderIcon>
        <HeaderIcon
          label={t('header.settings')}
          className="tour-theme-settings"
          sx={desktopOnly}
          onClick={onOpenCustomizer}
        >
          <TuneOutlined />
        </HeaderIcon>
        <HeaderIcon label={t('header.more')} testId="header-more" sx={mobileOnly} onClick={open('more')}>
          <MoreVert />
        </HeaderIcon>
      </Toolbar>
      {searchOpen ? <MobileSearchRow onDone={() => setSearchOpen(false)} /> : null}

      <AgentBar user={user} loading={userQuery.isPending && userQuery.fetchStatus !== 'idle'} />

      <MoreMenu
        anchorEl={anchorOf('more')}
        onClose={closeMenu}
        onSwitch={switchTo}
        fullscreen={fullscreen}
        onOpenCustomizer={onOpenCustomizer}
      />
      <QuickLinksMenu anchorEl={anchorOf('quickLinks')} onClose={closeMenu} />
      <ContactsMenu anchorEl={anchorOf('contacts')} onClose={closeMenu} />
      <LanguageMenu anchorEl={anchorOf('language')} onClose={closeMenu} />
      <NotificationsMenu anchorEl={anchorOf('notifications')} onClose={closeMenu} />
      <CartMenu anchorEl={anchorOf('cart')} onClose={closeMenu} />
      <UserMenu
        anchorEl={anchorOf('user')}
        onClose={closeMenu}
        user={user}
        onLogout={() => setDialog('logout')}
      />
      <ShareMenu anchorEl={anchorOf('share')} onClose={closeMenu} inviteUrl={user?.inviteUrl} />
      <ExitMenu
        anchorEl={anchorOf('exit')}
        onClose={closeMenu}
        onLogout={() => setDialog('logout')}
        onCloseSystem={() => setDialog('close')}
      />

      <ExitDialogs open={dialog} onClose={() => setDialog(null)} />
    </AppBar>
  );
}
