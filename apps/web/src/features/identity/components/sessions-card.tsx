import type { TSignedInSession } from '@promoter/contract';
import { formatLocal } from '../../../lib/date-time';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/button';
import { Divider } from '../../../ui/divider';
import { DevicesOutlinedIcon } from '../../../ui/icons/DevicesOutlinedIcon';
import { PhoneAndroidOutlinedIcon } from '../../../ui/icons/PhoneAndroidOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useSessions } from '../api/get-sessions';
import { ProfileSection } from './profile-section';
import styles from './sessions-card.module.css';

const time = (iso: string) => formatLocal(iso, 'YYYY-MM-DD HH:mm');

function SessionLine({ session }: { session: TSignedInSession }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="center"
      className={styles.line}
      data-testid={session.current ? 'session-current' : 'session-other'}
    >
      {session.current ? (
        <PhoneAndroidOutlinedIcon color="primary" />
      ) : (
        <DevicesOutlinedIcon color="action" />
      )}
      <Stack className={styles.lineText}>
        <Text
          variant="body1"
          color={session.current ? 'primary' : 'textPrimary'}
          weight={session.current ? 600 : 400}
        >
          {session.current ? t('profile.sessions.current') : t('profile.sessions.other')}
          {session.device ? ` · ${session.device}` : ''}
        </Text>
        <Text variant="body2" color="textSecondary">
          {t('profile.sessions.lastSeen', { time: time(session.lastSeenAt) })}
        </Text>
        <Text variant="caption" color="textSecondary">
          {t('profile.sessions.signedInAt', { time: time(session.createdAt) })}
          {session.address ? ` · ${session.address}` : ''}
        </Text>
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
          <Text variant="body2" color="textSecondary" data-testid="profile-sessions-total">
            {t('profile.sessions.total', { n: sessions.data.total })}
          </Text>
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
          <Stack divider={<Divider />} data-testid="profile-sessions-list">
            {sessions.data.list.map((session) => (
              <SessionLine key={session.id} session={session} />
            ))}
          </Stack>
          {sessions.data.total > sessions.data.list.length ? (
            <Text variant="caption" color="textSecondary">
              {t('profile.sessions.more', { shown: sessions.data.list.length })}
            </Text>
          ) : null}
          {others > 0 ? (
            <Button
              variant="outlined"
              color="error"
              className={styles.endOthers}
              disabled={endOthers.isPending}
              onClick={() => setConfirming(true)}
              data-testid="profile-end-others"
            >
              {t('profile.sessions.endOthers')}
            </Button>
          ) : (
            <Text variant="body2" color="textSecondary" data-testid="profile-sessions-only-this">
              {t('profile.sessions.onlyThis')}
            </Text>
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
