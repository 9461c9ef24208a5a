import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TChildAgent } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useTree } from '../../../api/get-tree';
import { useRetailPrice } from '../api/get-retail-price';
import { ChildrenList } from '../components/children-list';
import { EditPriceDialog } from '../components/edit-price-dialog';

/** /agent/price-list: each direct child's price per diamond, editable between my price and retail. */
export function PriceListPage() {
  const { t } = useTranslation();
  const tree = useTree();
  const retail = useRetailPrice();
  const [editing, setEditing] = useState<TChildAgent | null>(null);
  const myPrice = tree.data?.root.price ?? null;
  const retailPrice = retail.data ?? null;

  const figures = [
    { key: 'mine', label: t('shop.priceList.myPrice'), value: myPrice, loading: tree.isPending },
    { key: 'retail', label: t('shop.priceList.retailPrice'), value: retailPrice, loading: retail.isPending },
  ];

  return (
    <Stack spacing={2} data-testid="page-price-list">
      <Card>
        <CardContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
            {figures.map((figure) => (
              <Box key={figure.key} sx={{ textAlign: 'center' }}>
                <Typography variant="h6" component="p" data-testid={`price-list-${figure.key}`}>
                  {figure.loading ? (
                    <Skeleton width="50%" sx={{ mx: 'auto' }} />
                  ) : figure.value ? (
                    formatMoney(figure.value)
                  ) : (
                    '—'
                  )}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {figure.label}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('shop.priceList.intro')}
          </Typography>
        </CardContent>
      </Card>
      {tree.isError || retail.isError ? (
        <Alert severity="warning">{t('shop.priceList.rangeUnknown')}</Alert>
      ) : null}
      <Card>
        <CardContent>
          <ChildrenList
            renderAction={(child) => (
              <Button
                size="small"
                variant="outlined"
                startIcon={<EditOutlined />}
                onClick={() => setEditing(child)}
                sx={{ flexShrink: 0 }}
                data-testid={`price-edit-${child.agentId}`}
              >
                {t('shop.priceList.edit')}
              </Button>
            )}
          />
        </CardContent>
      </Card>
      {editing ? (
        <EditPriceDialog
          key={editing.agentId}
          child={editing}
          min={myPrice}
          max={retailPrice}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
