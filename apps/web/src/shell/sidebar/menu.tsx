import type { ReactNode } from 'react';
import { DASHBOARD_TITLES } from '../../config/dashboards';
import type { DashboardName, LayoutName } from '../../config/paths';
import { paths } from '../../config/paths';
import type { TranslationKey } from '../../i18n/keys';
import { AccountTreeOutlinedIcon } from '../../ui/icons/AccountTreeOutlinedIcon';
import { AddCardOutlinedIcon } from '../../ui/icons/AddCardOutlinedIcon';
import { AnalyticsOutlinedIcon } from '../../ui/icons/AnalyticsOutlinedIcon';
import { ApartmentOutlinedIcon } from '../../ui/icons/ApartmentOutlinedIcon';
import { ArticleOutlinedIcon } from '../../ui/icons/ArticleOutlinedIcon';
import { CloudOutlinedIcon } from '../../ui/icons/CloudOutlinedIcon';
import { DiamondOutlinedIcon } from '../../ui/icons/DiamondOutlinedIcon';
import { GroupAddOutlinedIcon } from '../../ui/icons/GroupAddOutlinedIcon';
import { GroupsOutlinedIcon } from '../../ui/icons/GroupsOutlinedIcon';
import { HelpOutlineOutlinedIcon } from '../../ui/icons/HelpOutlineOutlinedIcon';
import { HomeOutlinedIcon } from '../../ui/icons/HomeOutlinedIcon';
import { InboxOutlinedIcon } from '../../ui/icons/InboxOutlinedIcon';
import { InfoOutlinedIcon } from '../../ui/icons/InfoOutlinedIcon';
import { KeyOutlinedIcon } from '../../ui/icons/KeyOutlinedIcon';
import { ListAltOutlinedIcon } from '../../ui/icons/ListAltOutlinedIcon';
import { NewspaperOutlinedIcon } from '../../ui/icons/NewspaperOutlinedIcon';
import { PaymentsOutlinedIcon } from '../../ui/icons/PaymentsOutlinedIcon';
import { PeopleOutlineOutlinedIcon } from '../../ui/icons/PeopleOutlineOutlinedIcon';
import { PersonOutlineOutlinedIcon } from '../../ui/icons/PersonOutlineOutlinedIcon';
import { PriceChangeOutlinedIcon } from '../../ui/icons/PriceChangeOutlinedIcon';
import { ReceiptLongOutlinedIcon } from '../../ui/icons/ReceiptLongOutlinedIcon';
import { RequestQuoteOutlinedIcon } from '../../ui/icons/RequestQuoteOutlinedIcon';
import { ShoppingCartOutlinedIcon } from '../../ui/icons/ShoppingCartOutlinedIcon';
import { StorefrontOutlinedIcon } from '../../ui/icons/StorefrontOutlinedIcon';
import { SwapHorizOutlinedIcon } from '../../ui/icons/SwapHorizOutlinedIcon';

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
  ecommerce: <StorefrontOutlinedIcon />,
  'web-analytics': <AnalyticsOutlinedIcon />,
  magazine: <ArticleOutlinedIcon />,
  news: <NewspaperOutlinedIcon />,
  agency: <ApartmentOutlinedIcon />,
  saas: <CloudOutlinedIcon />,
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
      fixed('main', 'nav.agentMain', <HomeOutlinedIcon />, paths.agent.main.getHref()),
      ...(['ecommerce', 'web-analytics', 'magazine', 'news', 'agency', 'saas'] as const).map(dashboard),
    ],
  },
  {
    id: 'modules',
    items: [
      fixed('user-recharge', 'nav.userRecharge', <DiamondOutlinedIcon />, paths.agent.userRecharge.getHref()),
      fixed('mine-recharge', 'nav.mineRecharge', <AddCardOutlinedIcon />, paths.agent.mineRecharge.getHref()),
      fixed(
        'transfer-agent',
        'nav.transferAgent',
        <SwapHorizOutlinedIcon />,
        paths.agent.transferAgent.getHref(),
      ),
      fixed('query-order', 'nav.queryOrder', <ReceiptLongOutlinedIcon />, paths.agent.queryOrder.getHref()),
    ],
  },
  {
    id: 'components',
    items: [
      fixed('child-tree', 'nav.childTree', <GroupsOutlinedIcon />, paths.agent.childTree.getHref()),
      fixed('treeview', 'nav.treeview', <AccountTreeOutlinedIcon />, paths.agent.treeview.getHref()),
      fixed('set-child', 'nav.setChild', <GroupAddOutlinedIcon />, paths.agent.setChild.getHref()),
      fixed('price-list', 'nav.priceList', <PriceChangeOutlinedIcon />, paths.agent.priceList.getHref()),
    ],
  },
  {
    id: 'applications',
    items: [
      fixed('withdraw', 'nav.withdraw', <PaymentsOutlinedIcon />, paths.agent.withdraw.getHref()),
      fixed(
        'withdraw-apply',
        'nav.withdrawApply',
        <RequestQuoteOutlinedIcon />,
        paths.agent.withdrawApply.getHref(),
      ),
      fixed('withdraw-list', 'nav.withdrawList', <ListAltOutlinedIcon />, paths.agent.withdrawList.getHref()),
      fixed(
        'currency-list',
        'nav.currencyList',
        <ReceiptLongOutlinedIcon />,
        paths.agent.currencyList.getHref(),
      ),
    ],
  },
  {
    id: 'features',
    items: [
      fixed(
        'user-profile',
        'nav.userProfile',
        <PersonOutlineOutlinedIcon />,
        paths.users.userProfile.getHref(),
      ),
      fixed(
        'update-password',
        'nav.updatePassword',
        <KeyOutlinedIcon />,
        paths.session.updatePassword.getHref(),
      ),
      fixed('inbox', 'nav.inbox', <InboxOutlinedIcon />, paths.inbox.getHref()),
      fixed('users-list', 'nav.usersList', <PeopleOutlineOutlinedIcon />, paths.users.usersList.getHref()),
      {
        id: 'cart',
        label: 'nav.cart',
        icon: <ShoppingCartOutlinedIcon />,
        href: (layout) => paths.layouts[layout].cart.getHref(),
      },
    ],
  },
  {
    id: 'extensions',
    items: [
      fixed('agent-info', 'nav.agentInfo', <GroupAddOutlinedIcon />, paths.agent.agentInfo.getHref()),
      fixed('agent-desc', 'nav.agentDesc', <InfoOutlinedIcon />, paths.agent.agentDesc.getHref()),
      fixed('help', 'nav.help', <HelpOutlineOutlinedIcon />, paths.agent.help.getHref()),
    ],
  },
];
