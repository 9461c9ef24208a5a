import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useOption } from '../../api/get-option';
import { OptionKey } from '../../config/constants';
import { notify } from '../../lib/notify';
import { desktopOnly, HeaderIcon, mobileOnly } from './header-icon';

/** The shop (the `shop.url` option) in a new tab: a labelled button from `md` up, an icon below. */
export function ShopButton() {
  const { t } = useTranslation();
  const shopUrl = useOption(OptionKey.shopUrl);
  const openShop = () => {
    if (shopUrl.data) window.open(shopUrl.data, '_blank', 'noopener');
    else notify.error(t('header.shopUnavailable'));
  };
  return (
    <>
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
    </>
  );
}
