import type { TChildAgent } from '@promoter/contract';
import { formatLocal } from '../../../lib/date-time';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { DATE_FORMAT } from '../../../config/constants';
import { formatMoney } from '../../../lib/format';
import { Avatar } from '../../../ui/avatar';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './child-row.module.css';
import { LevelChip } from './level-chip';
import { StatusChip } from './status-chip';

/** One direct child: who, level, price per diamond, team size; an action (edit price) at the end. */
export function ChildRow({ child, action }: { child: TChildAgent; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="center"
      className={styles.row}
      data-testid={`child-row-${child.agentId}`}
    >
      <Avatar src={child.avatar || undefined} alt={child.nickname}>
        {child.nickname.slice(0, 1)}
      </Avatar>
      <Stack spacing={0.5} className={styles.body}>
        <Stack direction="row" spacing={1} alignItems="baseline">
          <Text weight={600} noWrap className={styles.name}>
            {child.nickname}
          </Text>
          <Text variant="caption" color="textSecondary" className={styles.fixed}>
            {t('shop.downline.agentId', { id: child.agentId })}
          </Text>
        </Stack>
        <Stack direction="row" spacing={1} alignItems="center" wrap>
          <LevelChip level={child.level} />
          <StatusChip status={child.status} testId={`child-status-${child.agentId}`} />
          <Text variant="caption" color="textSecondary" data-testid={`child-price-${child.agentId}`}>
            {t('shop.downline.unitPrice', { price: formatMoney(child.price) })}
          </Text>
          <Text variant="caption" color="textSecondary">
            {t('shop.downline.teamSize', { n: child.teamSize })}
          </Text>
        </Stack>
        <Text variant="caption" color="textSecondary">
          {t('shop.downline.joinedAt', { date: formatLocal(child.createdAt, DATE_FORMAT) })}
        </Text>
      </Stack>
      {action}
    </Stack>
  );
}
