import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The logo and the brand's name, leading where the layout says. */
export function HeaderBrand({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component={Link}
      to={href}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        minWidth: 0,
        mx: 0.5,
      }}
    >
      <Box component="img" src="./favicon.svg" alt="" sx={{ width: 26, height: 26, flexShrink: 0 }} />
      <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700, minWidth: 0 }}>
        {t('app.brand')}
      </Typography>
    </Box>
  );
}
