import { AdminFrame } from './admin-frame';

/** Boxed layout: the default frame inside a centred box. */
export function BoxedLayout() {
  return <AdminFrame layout="boxed" variant="boxed" />;
}
