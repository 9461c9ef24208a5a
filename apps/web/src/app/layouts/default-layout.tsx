import { AdminFrame } from './admin-frame';

/** Default layout: sidebar (250, collapsible to 70), header, customizer. */
export function DefaultLayout() {
  return <AdminFrame layout="default" variant="sidebar" />;
}
