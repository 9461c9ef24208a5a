import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { subscribeToastDemand, toastDemand } from '../../lib/notify';

const loadToaster = () => import('./toaster');

/**
 * Where the toasts show, mounted once by the app: nothing until the first toast is raised (lib/notify.ts), then
 * the toaster (toaster.tsx), fetched as a script of its own (decision 047). A fetch that fails is tried again with the
 * next toast; the toasts raised meanwhile wait and show once it has come.
 */
export function ToastHost() {
  const demand = useSyncExternalStore(subscribeToastDemand, toastDemand, () => 0);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (demand === 0 || Toaster) return;
    let active = true;
    loadToaster().then(
      (m) => {
        if (active) setToaster(() => m.Toaster);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [demand, Toaster]);
  return Toaster ? <Toaster /> : null;
}
