import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

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
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
      <Avatar src={avatar || undefined} alt={nickname}>
        {nickname.slice(0, 1)}
      </Avatar>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap>
            {nickname}
          </Typography>
          {chip}
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap>
          {details}
        </Typography>
      </Stack>
    </Stack>
  );
}
