import type { TAgentUser } from '@promoter/contract';
import { Avatar } from '../../ui/avatar';

/** The agent's small avatar in the header: its picture, else the first character of its nickname. */
export function AgentAvatar({ user }: { user: TAgentUser | undefined }) {
  return (
    <Avatar src={user?.avatar || undefined} alt={user?.nickname ?? ''} size={28}>
      {user?.nickname.slice(0, 1)}
    </Avatar>
  );
}
