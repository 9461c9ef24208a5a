import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from '../../src/router';
import { initI18n, i18n, loadTextAreas } from '../../src/i18n';
import { AGENT_AREAS, LAZY_AREAS } from '../../src/i18n/resources';

// A loaded machine renders slowly: findBy/waitFor wait up to 10 s for what a screen shows, not 1 s (a test never fails
// because the machine is slow; a screen that never shows it still fails).
configure({ asyncUtilTimeout: 10_000 });

/** The app's translations in Chinese (the default locale), as a screen shows them. */
export async function setUpI18n() {
  if (!i18n.isInitialized) await initI18n('cn');
  // Screens are rendered without their routes, which fetch the agent's, the console's and the dashboards' texts.
  await loadTextAreas([...AGENT_AREAS, ...LAZY_AREAS]);
  return i18n;
}

function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
}

/** Renders a screen with a fresh query client and a router, as the app's providers would. */
export function renderScreen(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** Renders a route table at `route`, with a fresh query client: screens that navigate, layouts with their pages. */
export function renderRoutes(routes: RouteObject[], { route = '/' }: { route?: string } = {}) {
  const queryClient = testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [route] })} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
