import { useTranslation } from '../../i18n/use-translation';
import { useOption } from '../../api/get-option';
import { OptionKey } from '../../config/constants';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { StorefrontOutlinedIcon } from '../../ui/icons/StorefrontOutlinedIcon';
import { desktopOnly, HeaderIcon, mobileOnly } from './header-icon';
import styles from './shop-button.module.css';

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
        className={cx('tour-upgrade-plan', desktopOnly, styles.shop)}
        startIcon={<StorefrontOutlinedIcon />}
        onClick={openShop}
        data-testid="header-shop"
      >
        {t('header.shop')}
      </Button>
      <HeaderIcon label={t('header.shop')} className={cx('tour-upgrade-plan', mobileOnly)} onClick={openShop}>
        <StorefrontOutlinedIcon />
      </HeaderIcon>
    </>
  );
}
