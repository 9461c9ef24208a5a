import { AdminFrame } from './admin-frame';

/** Horizontal layout: menu bar, slide-in drawer (250), footer; the logo leads to its ecommerce dashboard. */
export function HorizontalLayout() {
  return <AdminFrame layout="horizontal" variant="horizontal" />;
}
