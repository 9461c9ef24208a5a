import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { TranslationKey } from '../../../i18n/keys';
import {
  AccountTreeOutlinedIcon,
  AddCardOutlinedIcon,
  DiamondOutlinedIcon,
  GroupAddOutlinedIcon,
  GroupsOutlinedIcon,
  HelpOutlineOutlinedIcon,
  InfoOutlinedIcon,
  ListAltOutlinedIcon,
  PaymentsOutlinedIcon,
  PriceChangeOutlinedIcon,
  ReceiptLongOutlinedIcon,
  RequestQuoteOutlinedIcon,
  SwapHorizOutlinedIcon,
} from '../../../ui/icons';
import { Text } from '../../../ui/text';
import styles from './agent-links.module.css';

const LINKS: readonly { href: string; label: TranslationKey; icon: ReactNode }[] = [
  { href: paths.agent.userRecharge.getHref(), label: 'nav.userRecharge', icon: <DiamondOutlinedIcon /> },
  { href: paths.agent.mineRecharge.getHref(), label: 'nav.mineRecharge', icon: <AddCardOutlinedIcon /> },
  { href: paths.agent.transferAgent.getHref(), label: 'nav.transferAgent', icon: <SwapHorizOutlinedIcon /> },
  { href: paths.agent.withdraw.getHref(), label: 'nav.withdraw', icon: <PaymentsOutlinedIcon /> },
  {
    href: paths.agent.withdrawApply.getHref(),
    label: 'nav.withdrawApply',
    icon: <RequestQuoteOutlinedIcon />,
  },
  { href: paths.agent.withdrawList.getHref(), label: 'nav.withdrawList', icon: <ListAltOutlinedIcon /> },
  { href: paths.agent.currencyList.getHref(), label: 'nav.currencyList', icon: <ReceiptLongOutlinedIcon /> },
  { href: paths.agent.childTree.getHref(), label: 'nav.childTree', icon: <GroupsOutlinedIcon /> },
  { href: paths.agent.treeview.getHref(), label: 'nav.treeview', icon: <AccountTreeOutlinedIcon /> },
  { href: paths.agent.setChild.getHref(), label: 'nav.setChild', icon: <GroupAddOutlinedIcon /> },
  { href: paths.agent.priceList.getHref(), label: 'nav.priceList', icon: <PriceChangeOutlinedIcon /> },
  { href: paths.agent.agentDesc.getHref(), label: 'nav.agentDesc', icon: <InfoOutlinedIcon /> },
  { href: paths.agent.help.getHref(), label: 'nav.help', icon: <HelpOutlineOutlinedIcon /> },
];

/** The agent's screens as a grid of tiles (3 across on a phone). */
export function AgentLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('main.linksTitle')} className={styles.links}>
      {LINKS.map((link) => (
        <Link
          key={link.href}
          to={link.href}
          className={styles.tile}
          data-testid={`agent-link-${link.label.replace('nav.', '')}`}
        >
          {link.icon}
          <Text variant="caption" color="textPrimary" align="center" className={styles.label}>
            {t(link.label)}
          </Text>
        </Link>
      ))}
    </nav>
  );
}
