import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TSignedInSession } from '@promoter/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { notify } from '../../../lib/notify';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useSessions } from '../api/get-sessions';
import { ProfileSection } from './profile-section';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

function SessionLine({ session }: { session: TSignedInSession }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 1 }}
      data-testid={session.current ? 'session-current' : 'session-other'}
    >
      {session.current ? (
        <PhoneAndroidOutlined color="primary" aria-hidden />
      ) : (
        <DevicesOutlined color="action" aria-hidden />
      )}
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="body1"
          color={session.current ? 'primary' : 'text.primary'}
          sx={{ fontWeight: session.current ? 600 : 400 }}
        >
          {session.current ? t('profile.sessions.current') : t('profile.sessions.other')}
          {session.device ? ` · ${session.device}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('profile.sessions.lastSeen', { time: time(session.lastSeenAt) })}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('profile.sessions.signedInAt', { time: time(session.createdAt) })}
          {session.address ? ` · ${session.address}` : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}

/**
 * The devices the account is signed in on (its live sessions: when each began and was last used, this one first),
 * and "sign out everywhere else" behind a confirmation.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data ? sessions.data.total - 1 : 0;

  const end = () => {
    if (endOthers.isPending) return;
    endOthers.mutate(undefined, {
      onSuccess: ({ revokedSessions }) => notify.success(t('profile.sessions.ended', { n: revokedSessions })),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <ProfileSection
      title={t('profile.sessions.title')}
      testId="profile-sessions"
      aside={
        sessions.data ? (
          <Typography variant="body2" color="text.secondary" data-testid="profile-sessions-total">
            {t('profile.sessions.total', { n: sessions.data.total })}
          </Typography>
        ) : null
      }
    >
      {sessions.isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : sessions.isError ? (
        <RetryAlert onRetry={() => sessions.refetch()}>{t('profile.sessions.loadFailed')}</RetryAlert>
      ) : (
        <>
          <Stack divider={<Divider flexItem />} data-testid="profile-sessions-list">
            {sessions.data.list.map((session) => (
              <SessionLine key={session.id} session={session} />
            ))}
          </Stack>
          {sessions.data.total > sessions.data.list.length ? (
            <Typography variant="caption" color="text.secondary">
              {t('profile.sessions.more', { shown: sessions.data.list.length })}
            </Typography>
          ) : null}
          {others > 0 ? (
            <Button
              variant="outlined"
              color="error"
              sx={{ minHeight: 44 }}
              disabled={endOthers.isPending}
              onClick={() => setConfirming(true)}
              data-testid="profile-end-others"
            >
              {t('profile.sessions.endOthers')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="profile-sessions-only-this">
              {t('profile.sessions.onlyThis')}
            </Typography>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        busy={endOthers.isPending}
        title={t('profile.sessions.confirmTitle')}
        message={t('profile.sessions.confirmText')}
        onCancel={() => setConfirming(false)}
        onConfirm={end}
      />
    </ProfileSection>
  );
}
