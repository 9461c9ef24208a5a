import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../router';
import { paths } from '../../../config/paths';
import type { TranslationKey } from '../../../i18n/keys';
import { AccountTreeOutlinedIcon } from '../../../ui/icons/AccountTreeOutlinedIcon';
import { AddCardOutlinedIcon } from '../../../ui/icons/AddCardOutlinedIcon';
import { DiamondOutlinedIcon } from '../../../ui/icons/DiamondOutlinedIcon';
import { GroupAddOutlinedIcon } from '../../../ui/icons/GroupAddOutlinedIcon';
import { GroupsOutlinedIcon } from '../../../ui/icons/GroupsOutlinedIcon';
import { HelpOutlineOutlinedIcon } from '../../../ui/icons/HelpOutlineOutlinedIcon';
import { InfoOutlinedIcon } from '../../../ui/icons/InfoOutlinedIcon';
import { ListAltOutlinedIcon } from '../../../ui/icons/ListAltOutlinedIcon';
import { PaymentsOutlinedIcon } from '../../../ui/icons/PaymentsOutlinedIcon';
import { PriceChangeOutlinedIcon } from '../../../ui/icons/PriceChangeOutlinedIcon';
import { ReceiptLongOutlinedIcon } from '../../../ui/icons/ReceiptLongOutlinedIcon';
import { RequestQuoteOutlinedIcon } from '../../../ui/icons/RequestQuoteOutlinedIcon';
import { SwapHorizOutlinedIcon } from '../../../ui/icons/SwapHorizOutlinedIcon';
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
