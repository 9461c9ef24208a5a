import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import Avatar from '@mui/material/Avatar';
import { alpha } from '@mui/material/styles';

/** A package's picture; without one, a diamond. */
export function GoodsImage({ image, name, size = 48 }: { image: string; name: string; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={image || undefined}
      alt={name}
      sx={{
        width: size,
        height: size,
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
        color: 'primary.main',
      }}
    >
      <DiamondOutlined sx={{ fontSize: size * 0.6 }} aria-hidden />
    </Avatar>
  );
}
