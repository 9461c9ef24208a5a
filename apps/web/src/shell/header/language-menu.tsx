import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES } from '../../i18n/languages';
import { setLanguage, themeOptions } from '../../stores/theme-options';
import type { AnchoredMenuProps } from './menu-types';

/** The 12 locales with their flags; Hebrew and Arabic turn the layout right-to-left. */
export function LanguageMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const current = themeOptions.use((s) => s.language);
  return (
    <Menu
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      slotProps={{ paper: { sx: { minWidth: 200 } } }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language.locale}
          selected={language.locale === current}
          lang={language.htmlLang}
          data-testid={`language-${language.locale}`}
          onClick={() => {
            void setLanguage(language.locale);
            onClose();
          }}
        >
          <ListItemIcon sx={{ fontSize: 20 }} aria-hidden>
            {language.flag}
          </ListItemIcon>
          <ListItemText>{language.name}</ListItemText>
          {language.locale === current ? <Check fontSize="small" color="primary" /> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}
