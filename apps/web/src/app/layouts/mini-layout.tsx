import { useEffect } from 'react';
import { enterMiniLayout, leaveMiniLayout } from '../../stores/theme-options';
import { AdminFrame } from './admin-frame';

/**
 * Mini layout: the sidebar collapses when the layout is entered and expands again when it is left; the collapse
 * is never stored, so it does not follow the agent into the other layouts on the next visit.
 */
export function MiniLayout() {
  useEffect(() => {
    enterMiniLayout();
    return leaveMiniLayout;
  }, []);
  return <AdminFrame layout="mini" variant="sidebar" />;
}
