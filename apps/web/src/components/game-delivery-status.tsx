import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';
import type { GameDelivery } from '@promoter/contract';
import { useTranslation } from 'react-i18next';

/** The dot's colour of each state; the words stay quiet unless the diamonds are late. */
const DOT: Record<GameDelivery, string> = {
  delivered: 'success.main',
  onItsWay: 'info.main',
  delayed: 'warning.main',
};

/**
 * Whether the game has the diamonds of a recharge or an order (the server's rule, decision 040): a small line of a
 * coloured dot and the state's words, the size of the text around it (a bill row's caption, a detail's value).
 */
export function GameDeliveryStatus({
  state,
  variant = 'caption',
  testId,
}: {
  state: GameDelivery;
  variant?: TypographyProps['variant'];
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Typography
      component="span"
      variant={variant}
      data-testid={testId}
      data-state={state}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        color: state === 'delayed' ? 'warning.dark' : 'text.secondary',
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: DOT[state], flexShrink: 0 }}
      />
      {t(`gameDelivery.${state}`)}
    </Typography>
  );
}
