/**
 * Toasts, usable outside React (the API client). the toaster is a script of its own, fetched with
 * the first toast (decision 047): nothing of them is on the first screen's path. A toast raised before that script
 * has arrived and mounted waits here, in order, and shows as soon as it has; none is lost. `components/ui/toast-host`
 * (mounted by the app) fetches the toaster when the first toast is raised, and the toaster attaches itself here.
 */
export type ToastVariant = 'error' | 'success' | 'info';

export interface Toast {
  message: string;
  variant: ToastVariant;
}

/** What shows toasts once its script is there (components/ui/toaster.tsx). */
export interface Toaster {
  show: (toast: Toast) => void;
  closeAll: () => void;
}

let toaster: Toaster | null = null;
let waiting: Toast[] = [];
/** How many toasts were raised with no toaster attached: the host fetches it when this moves (again after a failure). */
let demand = 0;
const listeners = new Set<() => void>();

function raise(toast: Toast): void {
  if (toaster) {
    toaster.show(toast);
    return;
  }
  waiting.push(toast);
  demand += 1;
  for (const listener of listeners) listener();
}

export const notify = {
  error: (message: string) => raise({ message, variant: 'error' }),
  success: (message: string) => raise({ message, variant: 'success' }),
  info: (message: string) => raise({ message, variant: 'info' }),
  closeAll: () => {
    waiting = [];
    toaster?.closeAll();
  },
};

/** The toaster has mounted: what waited shows now, in order, and every later toast goes to it. Answers its detach. */
export function attachToaster(next: Toaster): () => void {
  toaster = next;
  const shown = waiting;
  waiting = [];
  for (const toast of shown) next.show(toast);
  return () => {
    if (toaster === next) toaster = null;
  };
}

/** For the host (useSyncExternalStore): the toasts raised while no toaster was attached, and their subscription. */
export function toastDemand(): number {
  return demand;
}

export function subscribeToastDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
