import Avatar from '@mui/material/Avatar';
import type { TAgentUser } from '@promoter/contract';

/** The agent's small avatar in the header: its picture, else the first character of its nickname. */
export function AgentAvatar({ user }: { user: TAgentUser | undefined }) {
  return (
    <Avatar
      src={user?.avatar || undefined}
      alt={user?.nickname ?? ''}
      sx={{ width: 28, height: 28, fontSize: 14 }}
    >
      {user?.nickname.slice(0, 1)}
    </Avatar>
  );
}
