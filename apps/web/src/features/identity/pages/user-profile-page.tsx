import ChevronRight from '@mui/icons-material/ChevronRight';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { maskMobile, type TAgentUser } from '@promoter/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgentUser } from '../../../api/get-user';
import { InviteQr } from '../../../components/invite-qr';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { levelLabelKey } from '../../../lib/agent-level';
import { useAgentProfile } from '../api/get-agent-profile';
import { MobileDialog } from '../components/mobile-dialog';
import { ProfileSection } from '../components/profile-section';
import { SessionsCard } from '../components/sessions-card';

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
    <Button
      component={Link}
      to={to}
      color="inherit"
      sx={{ flex: 1, flexDirection: 'column', py: 1, minHeight: 44 }}
      data-testid={testId}
    >
      <Typography variant="h6" component="span" color="primary">
        {value}
      </Typography>
      <Typography variant="body2" component="span" color="text.secondary">
        {label}
      </Typography>
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
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              src={user.avatar || undefined}
              alt={user.nickname}
              sx={{ width: 64, height: 64, fontSize: 28 }}
            >
              {user.nickname.slice(0, 1)}
            </Avatar>
            <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.5}>
              <Typography variant="h6" component="p" noWrap data-testid="profile-nickname">
                {user.nickname}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2" color="text.secondary" data-testid="profile-agent-id">
                  {t('profile.card.id', { id: user.agentId })}
                </Typography>
                <Chip size="small" color="primary" label={level} data-testid="profile-level" />
              </Stack>
              {profile.data ? (
                <Typography variant="caption" color="text.secondary">
                  {t('profile.card.since', { date: dayjs(profile.data.createdAt).format('YYYY-MM-DD') })}
                </Typography>
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
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                  {t('profile.card.parent')}
                </Typography>
                <Typography variant="body2" sx={{ textAlign: 'end' }} data-testid="profile-parent">
                  {profile.data.parent
                    ? t('profile.card.parentValue', {
                        nickname: profile.data.parent.nickname,
                        id: profile.data.parent.agentId,
                      })
                    : t('profile.card.noParent')}
                </Typography>
              </Stack>
              <Stack direction="row" divider={<Divider orientation="vertical" flexItem />}>
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
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="body1" data-testid="profile-mobile-value">
            {mobile ? maskMobile(mobile) : t('profile.mobile.none')}
          </Typography>
          {mobile ? (
            <Chip size="small" color="success" variant="outlined" label={t('profile.mobile.verified')} />
          ) : null}
        </Stack>
        <Button
          variant={mobile ? 'outlined' : 'contained'}
          sx={{ flexShrink: 0, minHeight: 44 }}
          onClick={() => setOpen(true)}
          data-testid="profile-mobile-open"
        >
          {mobile ? t('profile.mobile.change') : t('profile.mobile.verify')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('profile.mobile.hint')}
      </Typography>
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
        <Typography variant="body2" color="text.secondary">
          {t('profile.invite.text')}
        </Typography>
        <Box>
          <InviteQr inviteUrl={user.inviteUrl} size={180} testIdPrefix="profile" />
        </Box>
      </ProfileSection>
      <ProfileSection title={t('profile.security.title')}>
        <Button
          component={Link}
          to={paths.session.updatePassword.getHref()}
          color="inherit"
          startIcon={<LockOutlined />}
          endIcon={<ChevronRight sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          sx={{ justifyContent: 'space-between', minHeight: 44, px: 1 }}
          data-testid="profile-change-password"
        >
          <Box component="span" sx={{ flex: 1, textAlign: 'start' }}>
            {t('profile.security.changePassword')}
          </Box>
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('profile.security.changePasswordHint')}
        </Typography>
      </ProfileSection>
      <SessionsCard />
    </Stack>
  );
}
