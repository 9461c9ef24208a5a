import { AdminFrame } from './admin-frame';

/** Boxed-v2 layout: full header, centred content, sidebar as a slide-in drawer. `/agent/Main` lives here. */
export function BoxedV2Layout() {
  return <AdminFrame layout="boxed-v2" variant="centered" />;
}
