import ArrowBack from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Hint } from '../components/ui/hint';
import { languageOf } from '../i18n/languages';
import { LanguageMenu } from './header/language-menu';

/** The bar's two buttons: a finger's tap (48 px, in the 52 px bar), whatever their icon. */
const barButton = { width: 48, height: 48 } as const;

/** The app bar of the mobile agent and session pages: back, the page title, language. */
export function MobileAppBar({ title, fallbackHref }: { title: string; fallbackHref: string }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);

  const back = () => {
    // React Router numbers its history entries; at the first one there is nothing to go back to.
    const state: unknown = window.history.state;
    const index =
      state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallbackHref, { replace: true });
  };

  return (
    <AppBar position="sticky" sx={{ bgcolor: theme.palette.primary.main, color: '#fff' }}>
      <Toolbar sx={{ minHeight: 52, px: 0.5 }} disableGutters>
        <IconButton
          color="inherit"
          aria-label={t('common.back')}
          onClick={back}
          data-testid="app-bar-back"
          sx={barButton}
        >
          <ArrowBack sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </IconButton>
        <Typography variant="h6" component="h1" noWrap sx={{ flex: 1, fontSize: 18, textAlign: 'center' }}>
          {title}
        </Typography>
        <Hint title={t('header.language')}>
          <IconButton
            color="inherit"
            aria-label={t('header.language')}
            onClick={(event) => setLanguageAnchor(event.currentTarget)}
            data-testid="app-bar-language"
            sx={barButton}
          >
            <Box component="span" sx={{ fontSize: 20, lineHeight: 1 }} aria-hidden>
              {languageOf(i18n.language).flag}
            </Box>
          </IconButton>
        </Hint>
      </Toolbar>
      <LanguageMenu anchorEl={languageAnchor} onClose={() => setLanguageAnchor(null)} />
    </AppBar>
  );
}
