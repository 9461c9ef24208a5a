import { closeSnackbar, enqueueSnackbar } from 'notistack';

/** Toasts, usable outside React (the API client); the SnackbarProvider is mounted by the app. */
export const notify = {
  error: (message: string) => enqueueSnackbar(message, { variant: 'error', preventDuplicate: true }),
  success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
  info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
  closeAll: () => closeSnackbar(),
};
