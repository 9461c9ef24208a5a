import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The honest placeholder for a screen that a later issue builds: no fake content. */
export function NotAvailable({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="page-not-available"
      sx={{ textAlign: 'center', py: 6, px: 2, maxWidth: 480, mx: 'auto' }}
    >
      <ConstructionOutlined color="disabled" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
      <Typography variant="h6" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('notAvailable.text')}</Typography>
      {children}
    </Box>
  );
}
