// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createHashHistory,
  createMemoryRouter,
  createRouter,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NotFoundError,
  Outlet,
  RouterProvider,
  useLocation,
  useMatches,
  useNavigate,
  useNavigationType,
  useParams,
  useRouteError,
  useSearchParams,
  type LazyRoute,
  type RouteObject,
} from '../src/router';

afterEach(cleanup);

/** A lazy route whose code arrives when the test says. */
function deferredPage(text: string) {
  let arrive: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<LazyRoute>((resolve, reject) => {
    arrive = () => resolve({ Component: () => <p>{text}</p> });
    fail = reject;
  });
  let asked = 0;
  return {
    lazy: () => {
      asked += 1;
      return promise;
    },
    arrive: () => act(async () => arrive()),
    fail: (error: Error) => act(async () => fail(error)),
    asked: () => asked,
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function ErrorPage() {
  const error = useRouteError();
  return <p>{error instanceof NotFoundError ? 'not found' : `failed: ${String(error)}`}</p>;
}

describe('matching', () => {
  it('takes params and a splat; letter case counts only where the route says', () => {
    expect(matchPath('/admin/agents/:agentId', '/admin/agents/10001')).toEqual({ agentId: '10001' });
    expect(matchPath('/admin/agents/:agentId', '/admin/agents')).toBeNull();
    expect(matchPath('/agent/Main', '/agent/main')).toEqual({});
    expect(matchPath('/agent/Main', '/agent/main', true)).toBeNull();
    expect(matchPath('/agent/Main', '/agent/Main/', true)).toEqual({});
    expect(matchPath('*', '/a/b%20c')).toEqual({ '*': 'a/b c' });
  });

  it('goes through layouts to the first route of the table that takes the address', () => {
    const page: RouteObject = { path: '/agent/Main', caseSensitive: true };
    const redirect: RouteObject = { path: '/agent/main', caseSensitive: true };
    const rest: RouteObject = { path: '*' };
    const layout: RouteObject = { children: [page, rest] };
    const routes = [redirect, layout];
    expect(matchRoutes(routes, '/agent/Main')?.map((m) => m.route)).toEqual([layout, page]);
    expect(matchRoutes(routes, '/agent/main')?.map((m) => m.route)).toEqual([redirect]);
    expect(matchRoutes(routes, '/elsewhere')?.map((m) => m.route)).toEqual([layout, rest]);
    expect(matchRoutes([page], '/elsewhere')).toBeNull();
  });

  it('joins relative paths to the parent and matches an index route at the parent address', () => {
    const index: RouteObject = { index: true };
    const child: RouteObject = { path: 'list' };
    const parent: RouteObject = { path: '/admin', children: [index, child] };
    expect(matchRoutes([parent], '/admin')?.map((m) => m.route)).toEqual([parent, index]);
    expect(matchRoutes([parent], '/admin/list')?.map((m) => m.route)).toEqual([parent, child]);
  });
});

describe('the router', () => {
  it('keeps the page before on screen until the next page code has arrived; the last navigation wins', async () => {
    const slow = deferredPage('slow page');
    const later = deferredPage('later page');
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Where />
              <Outlet />
            </>
          ),
          children: [
            { path: '/', element: <p>home</p> },
            { path: '/slow', lazy: slow.lazy },
            { path: '/later', lazy: later.lazy },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('home')).toBeTruthy();

    act(() => router.navigate('/slow'));
    act(() => router.navigate('/later'));
    expect(screen.getByText('home')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');

    await slow.arrive();
    expect(screen.getByText('home')).toBeTruthy();
    await later.arrive();
    expect(await screen.findByText('later page')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/later');

    // Code that has arrived is not fetched again.
    act(() => router.navigate('/slow'));
    expect(await screen.findByText('slow page')).toBeTruthy();
    expect(slow.asked()).toBe(1);
  });

  it('shows the fallback until the first page has arrived, and says when it is ready', async () => {
    const first = deferredPage('first page');
    const router = createMemoryRouter(
      [{ hydrateFallbackElement: <p>loading</p>, children: [{ path: '/', lazy: first.lazy }] }],
      { initialEntries: ['/'] },
    );
    const seen: boolean[] = [];
    router.subscribe((state) => seen.push(state.initialized));
    render(<RouterProvider router={router} />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(router.state.initialized).toBe(false);
    await first.arrive();
    expect(await screen.findByText('first page')).toBeTruthy();
    expect(seen).toEqual([true]);
  });

  it("draws the nearest error element for code that failed to arrive, and fetches it again on the route's next visit", async () => {
    let attempts = 0;
    const flaky = async (): Promise<LazyRoute> => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return { Component: () => <p>flaky page</p> };
    };
    const router = createMemoryRouter(
      [
        {
          element: <Outlet />,
          errorElement: <ErrorPage />,
          children: [
            { path: '/', element: <p>home</p> },
            { path: '/flaky', lazy: flaky },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    act(() => router.navigate('/flaky'));
    expect(await screen.findByText('failed: Error: chunk failed')).toBeTruthy();
    act(() => router.navigate('/'));
    expect(await screen.findByText('home')).toBeTruthy();
    act(() => router.navigate('/flaky'));
    expect(await screen.findByText('flaky page')).toBeTruthy();
  });

  it('catches a page that throws while drawing, and tries it again at the next address', async () => {
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('render failed');
      return <p>fragile page</p>;
    }
    const router = createMemoryRouter(
      [
        {
          element: <Outlet />,
          errorElement: <ErrorPage />,
          children: [{ path: '/fragile', element: <Fragile /> }],
        },
      ],
      { initialEntries: ['/fragile'] },
    );
    const consoleError = console.error;
    console.error = () => undefined;
    try {
      render(<RouterProvider router={router} />);
      expect(await screen.findByText('failed: Error: render failed')).toBeTruthy();
      broken = false;
      act(() => router.navigate('/fragile?again=1'));
      expect(await screen.findByText('fragile page')).toBeTruthy();
    } finally {
      console.error = consoleError;
    }
  });

  it('says not found for an address no route takes', async () => {
    const router = createMemoryRouter(
      [{ element: <Outlet />, errorElement: <ErrorPage />, children: [{ path: '/', element: <p>home</p> }] }],
      { initialEntries: ['/nowhere'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('not found')).toBeTruthy();
  });
});

describe('the hooks and links', () => {
  function Controls() {
    const navigate = useNavigate();
    const [params, setParams] = useSearchParams();
    const type = useNavigationType();
    const matches = useMatches();
    return (
      <div>
        <Where />
        <output data-testid="type">{type}</output>
        <output data-testid="tab">{params.get('tab') ?? ''}</output>
        <output data-testid="titles">{matches.map((m) => String(m.handle ?? '-')).join(',')}</output>
        <button onClick={() => setParams({ tab: 'refunds' }, { replace: true })}>refunds tab</button>
        <button onClick={() => navigate(-1)}>back</button>
        <button onClick={() => navigate('/orders/7', { state: { from: 'list' } })}>order 7</button>
        <Link to="/orders/8">order 8</Link>
      </div>
    );
  }
  function Order() {
    const { orderId } = useParams();
    const { state } = useLocation();
    return <p>{`order ${orderId ?? '?'} from ${JSON.stringify(state)}`}</p>;
  }

  function renderControls() {
    const router = createMemoryRouter(
      [
        {
          handle: 'outer',
          element: (
            <>
              <Controls />
              <Outlet />
            </>
          ),
          children: [
            { path: '/orders', handle: 'orders', element: <p>orders</p> },
            { path: '/orders/:orderId', handle: 'order', element: <Order /> },
          ],
        },
      ],
      { initialEntries: ['/orders'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('navigates by links, calls and the query; reads params, state, handles and how the page came', async () => {
    const router = renderControls();
    expect(screen.getByTestId('titles').textContent).toBe('outer,orders');

    fireEvent.click(screen.getByText('refunds tab'));
    expect(await screen.findByText('refunds', { selector: '[data-testid=tab]' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/orders?tab=refunds');
    expect(screen.getByTestId('type').textContent).toBe('REPLACE');
    expect(router.historyIndex).toBe(0);

    fireEvent.click(screen.getByText('order 7'));
    expect(await screen.findByText('order 7 from {"from":"list"}')).toBeTruthy();
    expect(screen.getByTestId('type').textContent).toBe('PUSH');
    expect(screen.getByTestId('titles').textContent).toBe('outer,order');

    const link = screen.getByText('order 8');
    expect(link.getAttribute('href')).toBe('/orders/8');
    // A click with a modifier is the browser's (a new tab), not the router's.
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/orders/7');
    fireEvent.click(link);
    expect(await screen.findByText('order 8 from null')).toBeTruthy();
    expect(router.historyIndex).toBe(2);
    // The same link again replaces its entry instead of adding one.
    fireEvent.click(screen.getByText('order 8'));
    expect(router.historyIndex).toBe(2);

    fireEvent.click(screen.getByText('back'));
    expect(await screen.findByText('order 7 from {"from":"list"}')).toBeTruthy();
    expect(screen.getByTestId('type').textContent).toBe('POP');
  });

  it('redirects with Navigate, replacing the entry', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <Navigate to="/agent/index" replace /> },
        { path: '/agent/index', element: <Where /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('where')).textContent).toBe('/agent/index');
    expect(router.historyIndex).toBe(0);
  });
});

describe('the hash history', () => {
  it('keeps the route in the hash and numbers its entries as react-router did (the back button reads idx)', () => {
    window.history.replaceState(null, '', '/#/agent/Main?x=1');
    const history = createHashHistory();
    expect(history.location).toMatchObject({ pathname: '/agent/Main', search: '?x=1', state: null });
    expect(window.history.state).toMatchObject({ idx: 0 });

    const router = createRouter([{ path: '*' }], history);
    router.navigate('/agent/withdraw', { state: { from: 'main' } });
    expect(window.location.hash).toBe('#/agent/withdraw');
    expect(window.history.state).toMatchObject({ idx: 1, usr: { from: 'main' } });
    expect(router.state.location).toMatchObject({ pathname: '/agent/withdraw', state: { from: 'main' } });
    expect(router.state.navigationType).toBe('PUSH');

    router.navigate('?tab=1', { replace: true });
    expect(window.location.hash).toBe('#/agent/withdraw?tab=1');
    expect(window.history.state).toMatchObject({ idx: 1 });
    expect(history.createHref('/agent/Main')).toBe('#/agent/Main');
  });
});
