import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The logo and the brand's name, leading where the layout says. On a phone the logo alone, a 44 px tap (the name
 * would be cut to its first letters beside the toolbar's buttons); it stays the link's name for screen readers.
 */
export function HeaderBrand({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component={Link}
      to={href}
      aria-label={t('app.brand')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        minWidth: 44,
        minHeight: 44,
        mx: { xs: 0, sm: 0.5 },
      }}
    >
      <Box component="img" src="./favicon.svg" alt="" sx={{ width: 26, height: 26, flexShrink: 0 }} />
      <Typography
        variant="subtitle1"
        noWrap
        sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 700, minWidth: 0 }}
      >
        {t('app.brand')}
      </Typography>
    </Box>
  );
}
