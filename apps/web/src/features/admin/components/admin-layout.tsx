import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ConsoleCallName } from '@promoter/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Navigate, Outlet, useLocation, useNavigate } from '../../../router';
import { setOperatorSessionExpiredHandler } from '../../../api/client';
import { useAdminMe } from '../api/get-admin-me';
import { useAdminSettings } from '../api/get-admin-settings';
import { paths } from '../../../config/paths';
import type { RoutePath } from '../../../config/paths';
import type { TranslationKey } from '../../../i18n/keys';
import { LANGUAGES, type Locale } from '../../../i18n/languages';
import { themeOptions } from '../../../stores/theme-options';
import { canCall, useCan } from '../lib/can';
import { currentConsoleTimeZone, setConsoleTimeZone, timeZoneLabel } from '../lib/format';
import { useOperator } from '../../../lib/operator-session';
import { useOperatorLogout } from '../api/operator-logout';

const DRAWER_WIDTH = 232;

interface NavItem {
  to: RoutePath;
  /** The call its page reads: the item is shown to the roles that hold that call's right. */
  call: ConsoleCallName;
  label: TranslationKey;
  icon: ReactNode;
}

const NAV: NavItem[] = [
  {
    to: paths.admin.root,
    call: 'adminReportSummary',
    label: 'adminReports.nav.dashboard',
    icon: <DashboardOutlined />,
  },
  {
    to: paths.admin.withdrawals,
    call: 'adminWithdrawalList',
    label: 'admin.nav.withdrawals',
    icon: <AccountBalanceWalletOutlined />,
  },
  {
    to: paths.admin.operators,
    call: 'adminOperatorList',
    label: 'admin.nav.operators',
    icon: <SupervisorAccountOutlined />,
  },
  { to: paths.admin.audit, call: 'adminAuditList', label: 'admin.nav.audit', icon: <HistoryOutlined /> },
  {
    to: paths.admin.orders,
    call: 'adminOrderList',
    label: 'adminCatalog.nav.orders',
    icon: <ReceiptLongOutlined />,
  },
  {
    to: paths.admin.goods,
    call: 'adminGoodsList',
    label: 'adminCatalog.nav.goods',
    icon: <StorefrontOutlined />,
  },
  {
    to: paths.admin.settings,
    call: 'adminOptionsGet',
    label: 'adminCatalog.nav.settings',
    icon: <SettingsOutlined />,
  },
  {
    to: paths.admin.content,
    call: 'adminArticleList',
    label: 'adminContent.nav',
    icon: <CampaignOutlined />,
  },
  {
    to: paths.admin.agents,
    call: 'adminAgentList',
    label: 'adminAgents.nav.agents',
    icon: <AccountTreeOutlined />,
  },
  {
    to: paths.admin.players,
    call: 'adminPlayerList',
    label: 'adminAgents.nav.players',
    icon: <SportsEsportsOutlined />,
  },
  {
    to: paths.admin.adjustments,
    call: 'adminAdjustmentList',
    label: 'adminAgents.nav.adjustments',
    icon: <PlaylistAddCheckOutlined />,
  },
  {
    to: paths.admin.gameDelivery,
    call: 'adminGameOverview',
    label: 'adminGame.nav',
    icon: <SendOutlined />,
  },
  {
    to: paths.admin.reconciliation,
    call: 'adminReconciliationList',
    label: 'adminReconciliation.nav',
    icon: <FactCheckOutlined />,
  },
];

/**
 * The operator console's frame (desktop first, a side nav that folds into a drawer on a phone): the guard that sends
 * an operator without a session (or still on its one-time password) to `#/admin/login`, the operator's name and role,
 * sign-out. The nav shows only what the role holds the right of (ROLE_RIGHTS of the contract).
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const operator = useOperator();
  const logout = useOperatorLogout();
  const darkMode = themeOptions.use((s) => s.darkMode);
  useAdminMe(operator !== null);
  const settings = useAdminSettings(operator !== null && !operator.mustChangePassword);
  const platformZone = settings.data?.list.find((entry) => entry.key === 'platform.timezone')?.value;
  if (platformZone) setConsoleTimeZone(platformZone);
  const zone = currentConsoleTimeZone();

  useEffect(() => {
    setOperatorSessionExpiredHandler(() => void navigate(paths.admin.login.getHref(), { replace: true }));
  }, [navigate]);

  if (!operator || operator.mustChangePassword) return <Navigate to={paths.admin.login.getHref()} replace />;

  const nav = (
    <List sx={{ pt: 1 }} data-testid="admin-nav">
      {NAV.filter((item) => canCall(operator, item.call)).map((item) => (
        <ListItemButton
          key={item.to.path}
          component={Link}
          to={item.to.getHref()}
          // The overview is the console's root: selected on itself only, not under every page.
          selected={
            location.pathname === item.to.path ||
            (item.to !== paths.admin.root && location.pathname.startsWith(`${item.to.path}/`))
          }
          onClick={() => setOpen(false)}
          data-testid={`admin-nav-${item.to.path.split('/').pop() ?? ''}`}
        >
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText primary={t(item.label)} />
        </ListItemButton>
      ))}
    </List>
  );

  return (
    <Box
      sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}
      data-testid="admin-layout"
    >
      <AppBar position="fixed" color="default" elevation={1} sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {wide ? null : (
            <IconButton edge="start" onClick={() => setOpen(true)} aria-label={t('admin.nav.menu')}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1 }}>
            {t('admin.title')}
          </Typography>
          <Typography
            variant="body2"
            noWrap
            color="text.secondary"
            sx={{ display: { xs: 'none', lg: 'block' } }}
            data-testid="admin-clock"
          >
            {t('admin.clock', { zone: timeZoneLabel(zone) })}
          </Typography>
          <ConsoleLanguage />
          <Tooltip title={darkMode ? t('admin.theme.light') : t('admin.theme.dark')}>
            <IconButton
              onClick={() => themeOptions.set({ darkMode: !darkMode })}
              aria-label={darkMode ? t('admin.theme.light') : t('admin.theme.dark')}
              data-testid="admin-theme"
            >
              {darkMode ? <LightModeOutlined /> : <DarkModeOutlined />}
            </IconButton>
          </Tooltip>
          <Typography noWrap sx={{ display: { xs: 'none', sm: 'block' } }} data-testid="admin-operator-name">
            {operator.name}
          </Typography>
          <Chip
            size="small"
            color="primary"
            label={t(`admin.roles.${operator.role}`)}
            data-testid="admin-role"
          />
          <Tooltip title={t('admin.nav.signOut')}>
            <IconButton
              onClick={() =>
                logout.mutate(undefined, {
                  onSettled: () => void navigate(paths.admin.login.getHref(), { replace: true }),
                })
              }
              disabled={logout.isPending}
              aria-label={t('admin.nav.signOut')}
              data-testid="admin-sign-out"
            >
              <LogoutOutlined />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || open}
        onClose={() => setOpen(false)}
        sx={{ width: wide ? DRAWER_WIDTH : undefined, flexShrink: 0 }}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
      >
        <Toolbar />
        {wide ? null : (
          <Box sx={{ px: 2, pt: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{operator.name}</Typography>
          </Box>
        )}
        {nav}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, md: 3 } }}>
        <Toolbar />
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: { xs: 'block', lg: 'none' }, mb: 1 }}
          data-testid="admin-clock-small"
        >
          {t('admin.clock', { zone: timeZoneLabel(zone) })}
        </Typography>
        {/* The pages show times in the platform's zone: they wait for it (or for the settings' failure). */}
        {settings.isPending ? null : <Outlet />}
      </Box>
    </Box>
  );
}

/** The console's own language switch (the agent app's header is not on these pages). */
function ConsoleLanguage() {
  const { t } = useTranslation();
  const language = themeOptions.use((s) => s.language);
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={language}
      onChange={(event) => themeOptions.set({ language: event.target.value as Locale })}
      slotProps={{
        htmlInput: { 'aria-label': t('admin.language'), 'data-testid': 'admin-language' },
        input: { disableUnderline: true },
        // The language's own name in the menu; its short code in the bar (a phone's bar is narrow).
        select: { renderValue: (value) => String(value).toUpperCase() },
      }}
      sx={{ minWidth: 0 }}
    >
      {LANGUAGES.map((entry) => (
        <MenuItem key={entry.locale} value={entry.locale} data-testid={`admin-language-${entry.locale}`}>
          {entry.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A screen of the console whose call (the list it reads) the operator's role may not make: said so, not shown. */
export function RequireCall({ call, children }: { call: ConsoleCallName; children: ReactNode }) {
  const { t } = useTranslation();
  const allowed = useCan(call);
  if (!allowed)
    return (
      <Typography color="text.secondary" data-testid="admin-forbidden">
        {t('admin.forbidden')}
      </Typography>
    );
  return children;
}
