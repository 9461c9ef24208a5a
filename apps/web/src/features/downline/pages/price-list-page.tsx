import type { TChildAgent } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatMoney } from '../../../lib/format';
import { useTree } from '../../../api/get-tree';
import { useRetailPrice } from '../api/get-retail-price';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { EditOutlinedIcon } from '../../../ui/icons/EditOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { ChildrenList } from '../components/children-list';
import { EditPriceDialog } from '../components/edit-price-dialog';
import styles from './price-list-page.module.css';

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
          <div className={styles.figures}>
            {figures.map((figure) => (
              <div key={figure.key} className={styles.figure}>
                <Text variant="h6" component="p" data-testid={`price-list-${figure.key}`}>
                  {figure.loading ? (
                    <Skeleton width="50%" className={styles.placeholder} />
                  ) : figure.value ? (
                    formatMoney(figure.value)
                  ) : (
                    '—'
                  )}
                </Text>
                <Text variant="caption" color="textSecondary">
                  {figure.label}
                </Text>
              </div>
            ))}
          </div>
          <Text variant="body2" color="textSecondary" className={styles.intro}>
            {t('shop.priceList.intro')}
          </Text>
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
                startIcon={<EditOutlinedIcon />}
                onClick={() => setEditing(child)}
                className={styles.edit}
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
