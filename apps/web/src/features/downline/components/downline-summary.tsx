import type { TTreeNode } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { formatMoney } from '../../../lib/format';
import { Card, CardContent } from '../../../ui/card';
import { Skeleton } from '../../../ui/skeleton';
import { Text } from '../../../ui/text';
import styles from './downline-summary.module.css';

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
      <CardContent className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.key} className={styles.figure}>
            <Text variant="h6" component="p" data-testid={`downline-${figure.key}`}>
              {figure.value ?? <Skeleton width="60%" className={styles.placeholder} />}
            </Text>
            <Text variant="caption" color="textSecondary">
              {figure.label}
            </Text>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
