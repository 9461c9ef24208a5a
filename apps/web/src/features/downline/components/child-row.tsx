import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TChildAgent } from '@promoter/contract';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { DATE_FORMAT } from '../../../config/constants';
import { LevelChip } from './level-chip';
import { StatusChip } from './status-chip';

/** One direct child: who, level, price per diamond, team size; an action (edit price) at the end. */
export function ChildRow({ child, action }: { child: TChildAgent; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 1.25 }}
      data-testid={`child-row-${child.agentId}`}
    >
      <Avatar src={child.avatar || undefined} alt={child.nickname}>
        {child.nickname.slice(0, 1)}
      </Avatar>
      <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
            {child.nickname}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {t('shop.downline.agentId', { id: child.agentId })}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <LevelChip level={child.level} />
          <StatusChip status={child.status} testId={`child-status-${child.agentId}`} />
          <Typography variant="caption" color="text.secondary" data-testid={`child-price-${child.agentId}`}>
            {t('shop.downline.unitPrice', { price: formatMoney(child.price) })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('shop.downline.teamSize', { n: child.teamSize })}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('shop.downline.joinedAt', { date: dayjs(child.createdAt).format(DATE_FORMAT) })}
        </Typography>
      </Stack>
      {action}
    </Stack>
  );
}
