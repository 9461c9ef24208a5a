import { useTranslation } from '../../i18n/use-translation';
import { languageOf } from '../../i18n/languages';
import { ContactsOutlinedIcon } from '../../ui/icons/ContactsOutlinedIcon';
import { FullscreenExitIcon } from '../../ui/icons/FullscreenExitIcon';
import { FullscreenIcon } from '../../ui/icons/FullscreenIcon';
import { LinkOutlinedIcon } from '../../ui/icons/LinkOutlinedIcon';
import { PersonOutlineOutlinedIcon } from '../../ui/icons/PersonOutlineOutlinedIcon';
import { ShoppingCartOutlinedIcon } from '../../ui/icons/ShoppingCartOutlinedIcon';
import { TranslateOutlinedIcon } from '../../ui/icons/TranslateOutlinedIcon';
import { TuneOutlinedIcon } from '../../ui/icons/TuneOutlinedIcon';
import { Menu } from '../../ui/menu';
import { Text } from '../../ui/text';
import { IconMenuItem } from './icon-menu-item';
import type { AnchoredMenuProps, HeaderMenuId } from './menu-types';
import styles from './more-menu.module.css';
import type { useFullscreen } from './use-fullscreen';

/**
 * The phone's overflow menu: the toolbar's secondary items, each opening its own dropdown at the same anchor
 * (`onSwitch`), or acting at once (fullscreen, the settings).
 */
export function MoreMenu({
  anchorEl,
  onClose,
  onSwitch,
  fullscreen,
  onOpenCustomizer,
}: AnchoredMenuProps & {
  onSwitch: (id: HeaderMenuId) => () => void;
  fullscreen: ReturnType<typeof useFullscreen>;
  onOpenCustomizer: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose} placement="bottom-end">
      <IconMenuItem
        icon={<LinkOutlinedIcon fontSize="small" />}
        label={t('header.quickLinks')}
        onClick={onSwitch('quickLinks')}
      />
      <IconMenuItem
        icon={<TranslateOutlinedIcon fontSize="small" />}
        label={t('header.language')}
        onClick={onSwitch('language')}
      >
        <Text variant="body2" component="span" color="textSecondary" className={styles.flag}>
          {languageOf(i18n.language).flag}
        </Text>
      </IconMenuItem>
      {fullscreen.supported ? (
        <IconMenuItem
          icon={
            fullscreen.active ? <FullscreenExitIcon fontSize="small" /> : <FullscreenIcon fontSize="small" />
          }
          label={fullscreen.active ? t('header.exitFullscreen') : t('header.fullscreen')}
          onClick={() => {
            onClose();
            fullscreen.toggle();
          }}
        />
      ) : null}
      <IconMenuItem
        icon={<ContactsOutlinedIcon fontSize="small" />}
        label={t('header.contacts.title')}
        testId="more-contacts"
        onClick={onSwitch('contacts')}
      />
      <IconMenuItem
        icon={<ShoppingCartOutlinedIcon fontSize="small" />}
        label={t('header.cart')}
        onClick={onSwitch('cart')}
      />
      <IconMenuItem
        icon={<PersonOutlineOutlinedIcon fontSize="small" />}
        label={t('header.userMenu')}
        onClick={onSwitch('user')}
      />
      <IconMenuItem
        icon={<TuneOutlinedIcon fontSize="small" />}
        label={t('header.settings')}
        onClick={() => {
          onClose();
          onOpenCustomizer();
        }}
      />
    </Menu>
  );
}
