import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { z } from 'zod';
import type { ZAdminOrderSummary } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDateTime } from '../lib/format';
import { EmptyRow } from './empty-row';

/** The last orders of an agent or a player, as their pages show them. */
export function OrderSummaryTable({ orders }: { orders: z.infer<typeof ZAdminOrderSummary>[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 640 }} data-testid="order-summary-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('adminAgents.columns.order')}</TableCell>
            <TableCell>{t('adminAgents.columns.goods')}</TableCell>
            <TableCell align="right">{t('adminAgents.columns.diamonds')}</TableCell>
            <TableCell align="right">{t('adminAgents.columns.amount')}</TableCell>
            <TableCell>{t('adminAgents.columns.status')}</TableCell>
            <TableCell>{t('adminAgents.columns.time')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{order.id}</TableCell>
              <TableCell>{order.goodsName}</TableCell>
              <TableCell align="right">{order.diamonds}</TableCell>
              <TableCell align="right">{order.amount}</TableCell>
              <TableCell>{t(`adminAgents.orderStatus.${order.status}`)}</TableCell>
              <TableCell>{formatDateTime(order.createdAt, i18n.language)}</TableCell>
            </TableRow>
          ))}
          <EmptyRow show={orders.length === 0} columns={6} />
        </TableBody>
      </Table>
    </Box>
  );
}
