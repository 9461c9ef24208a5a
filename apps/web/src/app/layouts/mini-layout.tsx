import { useEffect } from 'react';
import { themeOptions } from '../../stores/theme-options';
import { AdminFrame } from './admin-frame';

/** Mini layout: the sidebar collapses when the layout is entered and expands again when it is left. */
export function MiniLayout() {
  useEffect(() => {
    themeOptions.set({ collapseSidebar: true });
    return () => themeOptions.set({ collapseSidebar: false });
  }, []);
  return <AdminFrame layout="mini" variant="sidebar" />;
}
