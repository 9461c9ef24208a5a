import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * A detail drawer of the console (a withdrawal, an order, a game event): from the right, above the app bar, its title
 * and close button, a spinner while its read is under way, then its content.
 */
export function DetailDrawer(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Its width from the `sm` width up (a phone's is the screen's). */
  width: number;
  /** The panel's test id; its close button's is `<testId>-close`. */
  testId: string;
  loading: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      // Above the console's app bar, which sits above the side nav.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: props.width } } } }}
    >
      <Box sx={{ p: 2 }} data-testid={props.testId}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ flexGrow: 1, wordBreak: 'break-all' }}>
            {props.title}
          </Typography>
          <IconButton
            onClick={props.onClose}
            aria-label={t('common.close')}
            data-testid={`${props.testId}-close`}
          >
            <CloseIcon />
          </IconButton>
        </Stack>
        {props.loading ? <CircularProgress size={24} /> : null}
        {props.children}
      </Box>
    </Drawer>
  );
}

/** One labelled line of a detail drawer. */
export function DetailField({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 1, py: 0.5 }}>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** A titled small table of a detail drawer, scrolled sideways when it is wider than the drawer. */
export function DetailTable({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid={testId}>
          {children}
        </Table>
      </Box>
    </>
  );
}
