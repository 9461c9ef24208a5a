import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import AnalyticsOutlined from '@mui/icons-material/AnalyticsOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CloudOutlined from '@mui/icons-material/CloudOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlineOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import type { ReactNode } from 'react';
import { DASHBOARD_TITLES } from '../../config/dashboards';
import type { DashboardName, LayoutName } from '../../config/paths';
import { paths } from '../../config/paths';
import type { TranslationKey } from '../../i18n/keys';

export interface NavItem {
  id: string;
  label: TranslationKey;
  icon: ReactNode;
  /** Dashboards and the cart stay in the current layout (`/{layout}{path}`); agent screens are absolute. */
  href: (layout: LayoutName) => string;
}

export interface NavGroup {
  id: 'general' | 'modules' | 'components' | 'applications' | 'features' | 'extensions';
  items: readonly NavItem[];
}

const DASHBOARD_ICONS: Record<DashboardName, ReactNode> = {
  ecommerce: <StorefrontOutlined />,
  'web-analytics': <AnalyticsOutlined />,
  magazine: <ArticleOutlined />,
  news: <NewspaperOutlined />,
  agency: <ApartmentOutlined />,
  saas: <CloudOutlined />,
};

const dashboard = (name: DashboardName): NavItem => ({
  id: `dashboard-${name}`,
  label: DASHBOARD_TITLES[name],
  icon: DASHBOARD_ICONS[name],
  href: (layout) => paths.layouts[layout].dashboard[name].getHref(),
});

const fixed = (id: string, label: TranslationKey, icon: ReactNode, href: string): NavItem => ({
  id,
  label,
  icon,
  href: () => href,
});

/** The sidebar's menu groups (SPEC section 2 'Sidebar'), filled with the product's own screens. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'general',
    items: [
      fixed('main', 'nav.agentMain', <HomeOutlined />, paths.agent.main.getHref()),
      ...(['ecommerce', 'web-analytics', 'magazine', 'news', 'agency', 'saas'] as const).map(dashboard),
    ],
  },
  {
    id: 'modules',
    items: [
      fixed('user-recharge', 'nav.userRecharge', <DiamondOutlined />, paths.agent.userRecharge.getHref()),
      fixed('mine-recharge', 'nav.mineRecharge', <AddCardOutlined />, paths.agent.mineRecharge.getHref()),
      fixed(
        'transfer-agent',
        'nav.transferAgent',
        <SwapHorizOutlined />,
        paths.agent.transferAgent.getHref(),
      ),
      fixed('query-order', 'nav.queryOrder', <ReceiptLongOutlined />, paths.agent.queryOrder.getHref()),
    ],
  },
  {
    id: 'components',
    items: [
      fixed('child-tree', 'nav.childTree', <GroupsOutlined />, paths.agent.childTree.getHref()),
      fixed('treeview', 'nav.treeview', <AccountTreeOutlined />, paths.agent.treeview.getHref()),
      fixed('set-child', 'nav.setChild', <GroupAddOutlined />, paths.agent.setChild.getHref()),
      fixed('price-list', 'nav.priceList', <PriceChangeOutlined />, paths.agent.priceList.getHref()),
    ],
  },
  {
    id: 'applications',
    items: [
      fixed('withdraw', 'nav.withdraw', <PaymentsOutlined />, paths.agent.withdraw.getHref()),
      fixed(
        'withdraw-apply',
        'nav.withdrawApply',
        <RequestQuoteOutlined />,
        paths.agent.withdrawApply.getHref(),
      ),
      fixed('withdraw-list', 'nav.withdrawList', <ListAltOutlined />, paths.agent.withdrawList.getHref()),
      fixed('currency-list', 'nav.currencyList', <ReceiptLongOutlined />, paths.agent.currencyList.getHref()),
    ],
  },
  {
    id: 'features',
    items: [
      fixed('user-profile', 'nav.userProfile', <PersonOutline />, paths.users.userProfile.getHref()),
      fixed('update-password', 'nav.updatePassword', <KeyOutlined />, paths.session.updatePassword.getHref()),
      fixed('inbox', 'nav.inbox', <InboxOutlined />, paths.inbox.getHref()),
      fixed('users-list', 'nav.usersList', <PeopleOutline />, paths.users.usersList.getHref()),
      {
        id: 'cart',
        label: 'nav.cart',
        icon: <ShoppingCartOutlined />,
        href: (layout) => paths.layouts[layout].cart.getHref(),
      },
    ],
  },
  {
    id: 'extensions',
    items: [
      fixed('agent-info', 'nav.agentInfo', <GroupAddOutlined />, paths.agent.agentInfo.getHref()),
      fixed('agent-desc', 'nav.agentDesc', <InfoOutlined />, paths.agent.agentDesc.getHref()),
      fixed('help', 'nav.help', <HelpOutline />, paths.agent.help.getHref()),
    ],
  },
];
