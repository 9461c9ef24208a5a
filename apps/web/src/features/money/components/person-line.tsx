import type { ReactNode } from 'react';
import { Avatar } from '../../../ui/avatar';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './person-line.module.css';

/** Someone in a list: avatar, nickname with a chip beside it, and a line of details under it. */
export function PersonLine({
  avatar,
  nickname,
  chip,
  details,
}: {
  avatar: string | undefined;
  nickname: string;
  chip: ReactNode;
  details: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" className={styles.line}>
      <Avatar src={avatar || undefined} alt={nickname}>
        {nickname.slice(0, 1)}
      </Avatar>
      <Stack className={styles.text}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Text variant="subtitle1" noWrap>
            {nickname}
          </Text>
          {chip}
        </Stack>
        <Text variant="body2" color="textSecondary" noWrap>
          {details}
        </Text>
      </Stack>
    </Stack>
  );
}
