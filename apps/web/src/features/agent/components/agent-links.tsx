import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { TranslationKey } from '../../../i18n/keys';

const LINKS: readonly { href: string; label: TranslationKey; icon: ReactNode }[] = [
  { href: paths.agent.userRecharge.getHref(), label: 'nav.userRecharge', icon: <DiamondOutlined /> },
  { href: paths.agent.mineRecharge.getHref(), label: 'nav.mineRecharge', icon: <AddCardOutlined /> },
  { href: paths.agent.transferAgent.getHref(), label: 'nav.transferAgent', icon: <SwapHorizOutlined /> },
  { href: paths.agent.withdraw.getHref(), label: 'nav.withdraw', icon: <PaymentsOutlined /> },
  { href: paths.agent.withdrawApply.getHref(), label: 'nav.withdrawApply', icon: <RequestQuoteOutlined /> },
  { href: paths.agent.withdrawList.getHref(), label: 'nav.withdrawList', icon: <ListAltOutlined /> },
  { href: paths.agent.currencyList.getHref(), label: 'nav.currencyList', icon: <ReceiptLongOutlined /> },
  { href: paths.agent.childTree.getHref(), label: 'nav.childTree', icon: <GroupsOutlined /> },
  { href: paths.agent.treeview.getHref(), label: 'nav.treeview', icon: <AccountTreeOutlined /> },
  { href: paths.agent.setChild.getHref(), label: 'nav.setChild', icon: <GroupAddOutlined /> },
  { href: paths.agent.priceList.getHref(), label: 'nav.priceList', icon: <PriceChangeOutlined /> },
  { href: paths.agent.agentDesc.getHref(), label: 'nav.agentDesc', icon: <InfoOutlined /> },
  { href: paths.agent.help.getHref(), label: 'nav.help', icon: <HelpOutline /> },
];

/** The agent's screens as a grid of tiles (3 across on a phone). */
export function AgentLinks() {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('main.linksTitle')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' },
        gap: 1,
      }}
    >
      {LINKS.map((link) => (
        <ButtonBase
          key={link.href}
          component={Link}
          to={link.href}
          data-testid={`agent-link-${link.label.replace('nav.', '')}`}
          sx={{
            flexDirection: 'column',
            gap: 0.75,
            py: 1.5,
            px: 0.5,
            borderRadius: 2,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            color: 'primary.main',
            minHeight: 84,
          }}
        >
          {link.icon}
          <Typography variant="caption" color="text.primary" sx={{ textAlign: 'center', lineHeight: 1.25 }}>
            {t(link.label)}
          </Typography>
        </ButtonBase>
      ))}
    </Box>
  );
}
