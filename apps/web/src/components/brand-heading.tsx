import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The product's logo and name at the top of a front-door card (login, the platform's index). */
export function BrandHeading({ logoSize }: { logoSize: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Box component="img" src="./favicon.svg" alt="" sx={{ width: logoSize, height: logoSize }} />
      <Typography variant="h5" component="h2">
        {t('app.brand')}
      </Typography>
    </>
  );
}
