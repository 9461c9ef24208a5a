import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAdminAnnouncement } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { truncate } from '../../../../lib/format';
import { useAdminAnnouncements } from '../../api/get-admin-announcements';
import { useWithdrawAnnouncement } from '../../api/withdraw-announcement';
import { formatDateTime } from '../../lib/format';
import { useListPage } from '../../lib/use-list-page';
import { ChoiceFilter } from '../filtered-table';
import { ListPage } from '../list-page';
import { AnnouncementEditor, audienceOf } from './announcement-editor';
import { LocaleChips, PanelHeading, useCanWrite } from './content-parts';

interface AnnouncementFilter {
  status: '' | 'live' | 'withdrawn';
  audience: '' | '0' | '1' | '2' | '3';
}
const NO_FILTER: AnnouncementFilter = { status: '', audience: '' };
const STATUSES = ['live', 'withdrawn'] as const;
/** Every agent (`0`), or one level. */
const AUDIENCE_FILTERS = ['0', '1', '2', '3'] as const;

/** The bar's values as the call's filter: a blank field is left out; audience `0` is "every agent". */
function announcementFilterOf(form: AnnouncementFilter) {
  return {
    status: form.status || undefined,
    level: form.audience === '' ? undefined : Number(form.audience),
  };
}

/** The announcements, newest first, by status and audience; a live one is changed or withdrawn by those who may. */
export function AnnouncementsPanel() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite();
  const list = useListPage({
    empty: NO_FILTER,
    filterOf: announcementFilterOf,
    useList: useAdminAnnouncements,
  });
  const { filters } = list;
  const withdraw = useWithdrawAnnouncement();
  const [editing, setEditing] = useState<TAdminAnnouncement | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<TAdminAnnouncement | null>(null);

  return (
    <ListPage
      testId="content-announcements"
      heading={
        <PanelHeading
          hint={t('adminContent.announcements.hint')}
          newLabel={t('adminContent.announcements.new')}
          newTestId="announcement-new"
          onNew={() => setEditing('new')}
        />
      }
      view={list}
      filters={
        <>
          <ChoiceFilter
            label={t('adminContent.columns.status')}
            {...filters.field('status')}
            allLabel={t('adminContent.any')}
            choices={STATUSES}
            labelOf={(status) => t(`adminContent.status.${status}`)}
          />
          <ChoiceFilter
            label={t('adminContent.fields.audience')}
            {...filters.field('audience')}
            allLabel={t('adminContent.any')}
            choices={AUDIENCE_FILTERS}
            labelOf={(audience) => t(`adminContent.audience.${audience === '0' ? 'all' : audience}`)}
          />
        </>
      }
      table={{ minWidth: 960, testId: 'announcements-table', columns: 7, pageSizes: [20, 50, 100] }}
      head={
        <>
          <TableCell>{t('adminContent.fields.title')}</TableCell>
          <TableCell>{t('adminContent.columns.translations')}</TableCell>
          <TableCell>{t('adminContent.fields.audience')}</TableCell>
          <TableCell>{t('adminContent.columns.createdBy')}</TableCell>
          <TableCell>{t('adminContent.columns.createdAt')}</TableCell>
          <TableCell>{t('adminContent.columns.status')}</TableCell>
          <TableCell />
        </>
      }
      row={(announcement) => {
        const live = announcement.withdrawnAt === null;
        return (
          <TableRow
            key={announcement.id}
            data-testid={`announcement-${announcement.id}`}
            data-status={live ? 'live' : 'withdrawn'}
          >
            <TableCell sx={{ maxWidth: 320 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {announcement.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {truncate(announcement.content)}
              </Typography>
            </TableCell>
            <TableCell>
              <LocaleChips locales={Object.keys(announcement.translations)} />
            </TableCell>
            <TableCell>{t(`adminContent.audience.${audienceOf(announcement.level)}`)}</TableCell>
            <TableCell>{announcement.createdBy}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(announcement.createdAt, i18n.language)}
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                color={live ? 'success' : 'default'}
                label={live ? t('adminContent.status.live') : t('adminContent.status.withdrawn')}
              />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {canWrite && live ? (
                <Box sx={{ display: 'inline-flex', gap: 1 }}>
                  <Button
                    size="small"
                    onClick={() => setEditing(announcement)}
                    data-testid="announcement-edit"
                  >
                    {t('adminContent.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setWithdrawing(announcement)}
                    data-testid="announcement-withdraw"
                  >
                    {t('adminContent.announcements.withdraw')}
                  </Button>
                </Box>
              ) : null}
            </TableCell>
          </TableRow>
        );
      }}
    >
      {editing !== null ? (
        <AnnouncementEditor
          key={editing === 'new' ? 'new' : editing.id}
          announcement={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={withdrawing !== null}
        message={
          withdrawing ? t('adminContent.announcements.withdrawConfirm', { title: withdrawing.title }) : ''
        }
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing && withdraw.mutate(withdrawing.id, { onSettled: () => setWithdrawing(null) })
        }
      />
    </ListPage>
  );
}
