// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AGENT } from './support/fixtures';

/**
 * Decision 029: a layout's frame (header, sidebar, start-up loader) is committed first; the routed page, hidden by the
 * loader for its first seconds anyway, is built after it in a transition (in slices on a phone), with the footer.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderRoutes } = await import('./support/render');
const { AdminFrame } = await import('../src/app/layouts/admin-frame');
const { session } = await import('../src/lib/session');

beforeAll(async () => {
  await setUpI18n();
});
afterEach(() => {
  cleanup();
  request.mockReset();
  session.clear();
});

describe('the layouts’ frame', () => {
  it('is on the page before the routed page is built, and the footer comes with the page', async () => {
    session.signInAgent('a-token', AGENT);
    request.mockImplementation(async (name: string) => {
      if (name === 'getUser') return AGENT;
      throw new Error(`not in this test: ${name}`);
    });
    const seenByThePage: { header: boolean; loader: boolean; footer: boolean }[] = [];
    function Page() {
      // What is already in the document while the page renders for the first time.
      if (seenByThePage.length === 0)
        seenByThePage.push({
          header: document.querySelector('header') !== null,
          loader: screen.queryByTestId('layout-loader') !== null,
          footer: document.querySelector('footer') !== null,
        });
      return <p>the page</p>;
    }
    renderRoutes([
      {
        path: '/',
        element: <AdminFrame layout="boxed-v2" variant="centered" />,
        children: [{ index: true, element: <Page /> }],
      },
    ]);
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(seenByThePage).toEqual([{ header: true, loader: true, footer: false }]);
    expect(document.querySelector('footer')).not.toBeNull();
  });
});
