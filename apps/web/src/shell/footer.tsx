import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ py: 2, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="caption">{t('app.copyright', { year: new Date().getFullYear() })}</Typography>
    </Box>
  );
}
