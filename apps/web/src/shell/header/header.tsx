import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import ExitToAppOutlined from '@mui/icons-material/ExitToAppOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MoreVert from '@mui/icons-material/MoreVert';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOption } from '../../api/get-option';
import { useAgentUser } from '../../api/get-user';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Hint } from '../../components/ui/hint';
import { LOGOUT_DIALOG_MAX_WIDTH, OptionKey } from '../../config/constants';
import { HEADER_FILTERS } from '../../config/themes';
import { languageOf } from '../../i18n/languages';
import { notify } from '../../lib/notify';
import { cartStore } from '../../stores/cart';
import { themeOptions } from '../../stores/theme-options';
import { AgentAvatar } from './agent-avatar';
import { AgentBar } from './agent-bar';
import { CartMenu } from './cart-menu';
import { ContactsMenu } from './contacts-menu';
import { ExitMenu } from './exit-menu';
import { IconMenuItem } from './icon-menu-item';
import { LanguageMenu } from './language-menu';
import type { HeaderMenuId } from './menu-types';
import { NotificationsBell } from './notifications-bell';
import { NotificationsMenu } from './notifications-menu';
import { QuickLinksMenu } from './quick-links-menu';
import { ShareMenu } from './share-menu';
import { useFullscreen } from './use-fullscreen';
import { useSignOut } from './use-sign-out';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  /** Where the logo leads (the horizontal layout's logo goes to its ecommerce dashboard). */
  logoHref: string;
  onToggleSidebar: () => void;
  onOpenCustomizer: () => void;
}

/**
 * The search box (an Autocomplete with its text field and popper, about 25 KB gzipped) is fetched where it shows: in
 * the toolbar from `md` up, on a phone when its toggle opens it (decision 028).
 */
const HeaderSearch = lazy(() => import('./header-search').then((m) => ({ default: m.HeaderSearch })));

/** Secondary items show in the toolbar from `md` up; below, they live in the overflow menu. */
const desktopOnly = { display: { xs: 'none', md: 'inline-flex' } } as const;
const mobileOnly = { display: { xs: 'inline-flex', md: 'none' } } as const;
const mobileOnlyBlock = { display: { xs: 'block', md: 'none' } } as const;

function HeaderIcon({
  label,
  children,
  onClick,
  className,
  testId,
  sx,
}: {
  label: string;
  children: ReactNode;
  onClick: (anchor: HTMLElement) => void;
  className?: string;
  testId?: string;
  sx?: object;
}) {
  return (
    <Hint title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        className={className}
        data-testid={testId}
        onClick={(event) => onClick(event.currentTarget)}
        sx={{ p: { xs: 0.75, sm: 1 }, ...sx }}
      >
        {children}
      </IconButton>
    </Hint>
  );
}

/**
 * The full header (SPEC sections 1, 2 and 4): brand, the agent's figures, shop, share and exit menus,
 * and the template parts (quick links, language, fullscreen, notifications, cart, user menu, settings).
 */
export function Header({ logoHref, onToggleSidebar, onOpenCustomizer }: HeaderProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { query: userQuery, user } = useAgentUser();
  const cartCount = cartStore.use((s) => s.items.length);
  const headerFilterId = themeOptions.use((s) => s.headerFilterId);
  const filter = HEADER_FILTERS.find((f) => f.id === headerFilterId) ?? HEADER_FILTERS[1];
  const fullscreen = useFullscreen();
  const shopUrl = useOption(OptionKey.shopUrl);
  const closeScheme = useOption(OptionKey.closeScheme);
  const { signOut, signingOut } = useSignOut();

  const [menu, setMenu] = useState<{ id: HeaderMenuId; anchor: HTMLElement } | null>(null);
  const [dialog, setDialog] = useState<'logout' | 'close' | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const open = (id: HeaderMenuId) => (anchor: HTMLElement) => setMenu({ id, anchor });
  const anchorOf = (id: HeaderMenuId) => (menu?.id === id ? menu.anchor : null);
  const closeMenu = () => setMenu(null);
  /** From the overflow menu, open another dropdown at the same anchor. */
  const switchTo = (id: HeaderMenuId) => () =>
    setMenu((current) => (current ? { id, anchor: current.anchor } : null));

  const openShop = () => {
    if (shopUrl.data) window.open(shopUrl.data, '_blank', 'noopener');
    else notify.error(t('header.shopUnavailable'));
  };
  const closeSystem = () => {
    setDialog(null);
    if (closeScheme.data) window.location.href = closeScheme.data;
    else notify.error(t('header.closeUnavailable'));
  };
  const confirmLogout = async () => {
    await signOut();
    setDialog(null);
  };

  const language = languageOf(i18n.language);

  return (
    <AppBar
      position="sticky"
      sx={{ bgcolor: filter.background ?? theme.palette.primary.main, color: filter.text }}
    >
      <Toolbar
        disableGutters
        sx={{ minHeight: { xs: 52, sm: 56 }, px: { xs: 0.5, sm: 1.5 }, gap: { xs: 0, sm: 0.5 } }}
      >
        <HeaderIcon
          label={t('header.toggleSidebar')}
          className="tour-toggle-sidebar"
          onClick={onToggleSidebar}
        >
          <MenuIcon />
        </HeaderIcon>
        <Box
          component={Link}
          to={logoHref}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            minWidth: 0,
            mx: 0.5,
          }}
        >
          <Box component="img" src="./favicon.svg" alt="" sx={{ width: 26, height: 26, flexShrink: 0 }} />
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700, minWidth: 0 }}>
            {t('app.brand')}
          </Typography>
        </Box>
        <Box sx={{ ...desktopOnly, ml: 2, color: 'text.primary' }}>
          {wide ? (
            <Suspense fallback={<Box sx={{ width: 240, height: 40 }} />}>
              <HeaderSearch />
            </Suspense>
          ) : null}
        </Box>
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
            {language.flag}
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

        <Button
          color="inherit"
          variant="outlined"
          size="small"
          className="tour-upgrade-plan"
          startIcon={<StorefrontOutlined />}
          onClick={openShop}
          data-testid="header-shop"
          sx={{ ...desktopOnly, mx: 0.5, borderColor: 'currentColor' }}
        >
          {t('header.shop')}
        </Button>
        <HeaderIcon label={t('header.shop')} className="tour-upgrade-plan" sx={mobileOnly} onClick={openShop}>
          <StorefrontOutlined />
        </HeaderIcon>
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
      {/* The mobile search form (SPEC section 2): a full-width row under the toolbar, shown by its toggle. */}
      {searchOpen ? (
        <Box
          sx={{ ...mobileOnlyBlock, px: 1.5, pb: 1, color: 'text.primary' }}
          data-testid="mobile-search-form"
        >
          <Suspense fallback={<Box sx={{ height: 40 }} />}>
            <HeaderSearch autoFocus onDone={() => setSearchOpen(false)} />
          </Suspense>
        </Box>
      ) : null}

      <AgentBar user={user} loading={userQuery.isPending && userQuery.fetchStatus !== 'idle'} />

      <Menu anchorEl={anchorOf('more')} open={menu?.id === 'more'} onClose={closeMenu}>
        <IconMenuItem
          icon={<LinkOutlined fontSize="small" />}
          label={t('header.quickLinks')}
          onClick={switchTo('quickLinks')}
        />
        <IconMenuItem
          icon={<TranslateOutlined fontSize="small" />}
          label={t('header.language')}
          onClick={switchTo('language')}
        >
          <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {language.flag}
          </Typography>
        </IconMenuItem>
        {fullscreen.supported ? (
          <IconMenuItem
            icon={fullscreen.active ? <FullscreenExit fontSize="small" /> : <Fullscreen fontSize="small" />}
            label={fullscreen.active ? t('header.exitFullscreen') : t('header.fullscreen')}
            onClick={() => {
              closeMenu();
              fullscreen.toggle();
            }}
          />
        ) : null}
        <IconMenuItem
          icon={<ContactsOutlined fontSize="small" />}
          label={t('header.contacts.title')}
          testId="more-contacts"
          onClick={switchTo('contacts')}
        />
        <IconMenuItem
          icon={<ShoppingCartOutlined fontSize="small" />}
          label={t('header.cart')}
          onClick={switchTo('cart')}
        />
        <IconMenuItem
          icon={<PersonOutline fontSize="small" />}
          label={t('header.userMenu')}
          onClick={switchTo('user')}
        />
        <IconMenuItem
          icon={<TuneOutlined fontSize="small" />}
          label={t('header.settings')}
          onClick={() => {
            closeMenu();
            onOpenCustomizer();
          }}
        />
      </Menu>

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

      <ConfirmDialog
        open={dialog === 'logout'}
        message={t('header.logoutConfirm')}
        maxWidth={LOGOUT_DIALOG_MAX_WIDTH}
        busy={signingOut}
        onCancel={() => setDialog(null)}
        onConfirm={() => void confirmLogout()}
      />
      <ConfirmDialog
        open={dialog === 'close'}
        message={t('header.closeConfirm')}
        maxWidth={LOGOUT_DIALOG_MAX_WIDTH}
        onCancel={() => setDialog(null)}
        onConfirm={closeSystem}
      />
    </AppBar>
  );
}
