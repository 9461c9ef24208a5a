import { LANGUAGES } from '../../i18n/languages';
import { setLanguage, themeOptions } from '../../stores/theme-options';
import { CheckIcon } from '../../ui/icons/CheckIcon';
import { Menu, MenuItem, MenuItemIcon, MenuItemText } from '../../ui/menu';
import styles from './language-menu.module.css';
import type { AnchoredMenuProps } from './menu-types';

/** The 12 locales with their flags; Hebrew and Arabic turn the layout right-to-left. */
export function LanguageMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const current = themeOptions.use((s) => s.language);
  return (
    <Menu
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      placement="bottom-end"
      className={styles.paper}
    >
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language.locale}
          selected={language.locale === current}
          data-testid={`language-${language.locale}`}
          onClick={() => {
            void setLanguage(language.locale);
            onClose();
          }}
        >
          <MenuItemIcon className={styles.flag}>
            <span aria-hidden>{language.flag}</span>
          </MenuItemIcon>
          <MenuItemText>
            <span lang={language.htmlLang}>{language.name}</span>
          </MenuItemText>
          {language.locale === current ? <CheckIcon fontSize="small" color="primary" /> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}
