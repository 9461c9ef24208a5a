import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Menu from '@mui/material/Menu';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/languages';
import { IconMenuItem } from './icon-menu-item';
import type { AnchoredMenuProps, HeaderMenuId } from './menu-types';
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
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      <IconMenuItem
        icon={<LinkOutlined fontSize="small" />}
        label={t('header.quickLinks')}
        onClick={onSwitch('quickLinks')}
      />
      <IconMenuItem
        icon={<TranslateOutlined fontSize="small" />}
        label={t('header.language')}
        onClick={onSwitch('language')}
      >
        <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {languageOf(i18n.language).flag}
        </Typography>
      </IconMenuItem>
      {fullscreen.supported ? (
        <IconMenuItem
          icon={fullscreen.active ? <FullscreenExit fontSize="small" /> : <Fullscreen fontSize="small" />}
          label={fullscreen.active ? t('header.exitFullscreen') : t('header.fullscreen')}
          onClick={() => {
            onClose();
            fullscreen.toggle();
          }}
        />
      ) : null}
      <IconMenuItem
        icon={<ContactsOutlined fontSize="small" />}
        label={t('header.contacts.title')}
        testId="more-contacts"
        onClick={onSwitch('contacts')}
      />
      <IconMenuItem
        icon={<ShoppingCartOutlined fontSize="small" />}
        label={t('header.cart')}
        onClick={onSwitch('cart')}
      />
      <IconMenuItem
        icon={<PersonOutline fontSize="small" />}
        label={t('header.userMenu')}
        onClick={onSwitch('user')}
      />
      <IconMenuItem
        icon={<TuneOutlined fontSize="small" />}
        label={t('header.settings')}
        onClick={() => {
          onClose();
          onOpenCustomizer();
        }}
      />
    </Menu>
  );
}
