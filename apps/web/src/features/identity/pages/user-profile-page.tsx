import { maskMobile, type TAgentUser } from '@promoter/contract';
import { formatLocal } from '../../../lib/date-time';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useAgentUser } from '../../../api/get-user';
import { InviteQr } from '../../../components/invite-qr';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { levelLabelKey } from '../../../lib/agent-level';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Chip } from '../../../ui/chip';
import { Divider } from '../../../ui/divider';
import { ChevronRightIcon } from '../../../ui/icons/ChevronRightIcon';
import { LockOutlinedIcon } from '../../../ui/icons/LockOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { useAgentProfile } from '../api/get-agent-profile';
import { MobileDialog } from '../components/mobile-dialog';
import { ProfileSection } from '../components/profile-section';
import { SessionsCard } from '../components/sessions-card';
import styles from './user-profile-page.module.css';

/** A count that opens its list: bound players (users-list), child agents (child-tree). */
function CountLink({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: number;
  to: string;
  testId: string;
}) {
  return (
    <Button to={to} color="inherit" className={styles.countLink} data-testid={testId}>
      <Text variant="h6" component="span" color="primary">
        {value}
      </Text>
      <Text variant="body2" component="span" color="textSecondary">
        {label}
      </Text>
    </Button>
  );
}

/** Who the agent is: avatar, nickname, id, level, since when, its parent, and its players and children counted. */
function IdentityCard({ user }: { user: TAgentUser }) {
  const { t } = useTranslation();
  const profile = useAgentProfile();
  const level = t('level.withPromoter', { level: t(levelLabelKey(user.level)) });
  return (
    <Card data-testid="profile-identity">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center">
            <Avatar src={user.avatar || undefined} alt={user.nickname} size={64}>
              {user.nickname.slice(0, 1)}
            </Avatar>
            <Stack spacing={0.5} className={styles.grow}>
              <Text variant="h6" component="p" noWrap data-testid="profile-nickname">
                {user.nickname}
              </Text>
              <Stack direction="row" alignItems="center" wrap className={styles.idLine}>
                <Text variant="body2" color="textSecondary" data-testid="profile-agent-id">
                  {t('profile.card.id', { id: user.agentId })}
                </Text>
                <Chip size="small" color="primary" label={level} data-testid="profile-level" />
              </Stack>
              {profile.data ? (
                <Text variant="caption" color="textSecondary">
                  {t('profile.card.since', { date: formatLocal(profile.data.createdAt, 'YYYY-MM-DD') })}
                </Text>
              ) : null}
            </Stack>
          </Stack>
          <Divider />
          {profile.isPending ? (
            <Stack spacing={1}>
              <Skeleton width="70%" />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          ) : profile.isError ? (
            <RetryAlert onRetry={() => profile.refetch()}>{t('profile.card.loadFailed')}</RetryAlert>
          ) : (
            <>
              <Stack direction="row" spacing={1} justifyContent="space-between">
                <Text variant="body2" color="textSecondary" className={styles.noShrink}>
                  {t('profile.card.parent')}
                </Text>
                <Text variant="body2" align="end" data-testid="profile-parent">
                  {profile.data.parent
                    ? t('profile.card.parentValue', {
                        nickname: profile.data.parent.nickname,
                        id: profile.data.parent.agentId,
                      })
                    : t('profile.card.noParent')}
                </Text>
              </Stack>
              <Stack direction="row" divider={<Divider vertical />}>
                <CountLink
                  label={t('profile.card.boundPlayers')}
                  value={profile.data.boundPlayers}
                  to={paths.users.usersList.getHref()}
                  testId="profile-bound-players"
                />
                <CountLink
                  label={t('profile.card.children')}
                  value={profile.data.children}
                  to={paths.agent.childTree.getHref()}
                  testId="profile-children"
                />
              </Stack>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The verified mobile (its middle hidden), and the way to verify one or change it by SMS. */
function MobileCard({ mobile }: { mobile: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ProfileSection title={t('profile.mobile.title')} testId="profile-mobile">
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        <Stack direction="row" spacing={1} alignItems="center">
          <Text variant="body1" data-testid="profile-mobile-value">
            {mobile ? maskMobile(mobile) : t('profile.mobile.none')}
          </Text>
          {mobile ? (
            <Chip size="small" color="success" variant="outlined" label={t('profile.mobile.verified')} />
          ) : null}
        </Stack>
        <Button
          variant={mobile ? 'outlined' : 'contained'}
          className={styles.mobileButton}
          onClick={() => setOpen(true)}
          data-testid="profile-mobile-open"
        >
          {mobile ? t('profile.mobile.change') : t('profile.mobile.verify')}
        </Button>
      </Stack>
      <Text variant="body2" color="textSecondary">
        {t('profile.mobile.hint')}
      </Text>
      <MobileDialog open={open} onClose={() => setOpen(false)} />
    </ProfileSection>
  );
}

/**
 * /users/user-profile: the signed-in agent's profile: who it is (avatar, nickname, id, level, parent, its players
 * and children), its mobile (verified or changed by SMS), its invite link and QR code, its password, and the devices
 * it is signed in on with "sign out everywhere else".
 */
export function UserProfilePage() {
  const { t } = useTranslation();
  const { user, query } = useAgentUser();

  if (!user) {
    return (
      <Stack spacing={2} data-testid="page-user-profile">
        {query.isError ? (
          <RetryAlert onRetry={() => query.refetch()}>{t('profile.card.loadFailed')}</RetryAlert>
        ) : (
          <>
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={96} />
          </>
        )}
      </Stack>
    );
  }

  return (
    <Stack spacing={2} data-testid="page-user-profile">
      <IdentityCard user={user} />
      <MobileCard mobile={user.mobile} />
      <ProfileSection title={t('profile.invite.title')} testId="profile-invite">
        <Text variant="body2" color="textSecondary">
          {t('profile.invite.text')}
        </Text>
        <div>
          <InviteQr inviteUrl={user.inviteUrl} size={180} testIdPrefix="profile" />
        </div>
      </ProfileSection>
      <ProfileSection title={t('profile.security.title')}>
        <Button
          to={paths.session.updatePassword.getHref()}
          color="inherit"
          startIcon={<LockOutlinedIcon />}
          endIcon={<ChevronRightIcon flipInRtl />}
          className={styles.changePassword}
          data-testid="profile-change-password"
        >
          <span className={styles.changePasswordLabel}>{t('profile.security.changePassword')}</span>
        </Button>
        <Text variant="body2" color="textSecondary">
          {t('profile.security.changePasswordHint')}
        </Text>
      </ProfileSection>
      <SessionsCard />
    </Stack>
  );
}
