import { RouterProvider, type Router } from '../router';
import { AppProvider } from './provider';

export function App({ router }: { router: Router }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
