import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TTreeNode } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

/** Figures of my downline: direct children, whole team, my own price per diamond. */
export function DownlineSummary({ root }: { root: TTreeNode | undefined }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'direct', label: t('shop.downline.directCount'), value: root?.childCount },
    { key: 'team', label: t('shop.downline.teamCount'), value: root?.teamSize },
    { key: 'price', label: t('shop.downline.myPrice'), value: root ? formatMoney(root.price) : undefined },
  ];
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        {figures.map((figure) => (
          <Box key={figure.key} sx={{ textAlign: 'center', minWidth: 0 }}>
            <Typography variant="h6" component="p" data-testid={`downline-${figure.key}`}>
              {figure.value ?? <Skeleton width="60%" sx={{ mx: 'auto' }} />}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {figure.label}
            </Typography>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
