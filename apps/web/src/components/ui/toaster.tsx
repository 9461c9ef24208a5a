import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToaster } from '../../lib/notify';

/**
 * notistack's provider and its toasts, a script of its own fetched with the first toast (toast-host.tsx, decision
 * 047). Mounted, it shows the toasts that waited for it (lib/notify.ts) and takes every later one: at most three at
 * a time, at the top, gone after 3 s; an error already on screen is not shown twice.
 */
export function Toaster() {
  useEffect(
    () =>
      attachToaster({
        show: ({ message, variant }) => {
          enqueueSnackbar(message, { variant, preventDuplicate: variant === 'error' });
        },
        closeAll: () => closeSnackbar(),
      }),
    [],
  );
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={3000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    />
  );
}
