import { describe, expect, it } from 'vitest';
import { DASHBOARDS, LAYOUTS, layoutOfPathname, paths, redirects } from '../src/config/paths';
import type { RoutePath } from '../src/config/paths';

function collect(node: unknown, out: RoutePath<never[]>[] = []): RoutePath<never[]>[] {
  if (node && typeof node === 'object') {
    if ('path' in node && 'getHref' in node) out.push(node as RoutePath<never[]>);
    else for (const child of Object.values(node)) collect(child, out);
  }
  return out;
}

const all = collect(paths);

describe('paths', () => {
  it('has no route string twice', () => {
    const seen = all.map((p) => p.path);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('holds every route of both tables of SPEC section 2', () => {
    const expected = [
      '/agent/treeview',
      '/users/user-profile',
      '/agent/user-recharge',
      '/agent/Withdraw',
      '/agent/withdraw-apply',
      '/agent/withdraw-list',
      '/agent/child-tree',
      '/agent/currency-list',
      '/agent/currency-detail',
      '/agent/price-list',
      '/agent/mine-recharge',
      '/agent/query-order',
      '/agent/set-child',
      '/session/update-password',
      '/agent/Main',
      '/callback',
      '/session/sign-up',
      '/session/login',
      '/session/loginWx',
      '/session/lock-screen',
      '/session/forgot-password',
      '/session/reset-password',
      '/agent/bind-agent',
      '/agent/agent-info',
      '/agent/guide-setup',
      '/agent/transfer-agent',
      '/agent/index',
      '/agent/help',
      '/agent/agent-desc',
    ];
    const present = new Set(all.map((p) => p.path));
    expect(expected.filter((p) => !present.has(p))).toEqual([]);
  });

  it('has the six dashboards and the cart under every layout', () => {
    for (const layout of LAYOUTS) {
      for (const name of DASHBOARDS) {
        expect(paths.layouts[layout].dashboard[name].getHref()).toBe(`/${layout}/dashboard/${name}`);
      }
      expect(paths.layouts[layout].cart.getHref()).toBe(`/${layout}/ecommerce/cart`);
    }
  });

  it('builds hrefs with query inputs', () => {
    expect(paths.session.login.getHref({ token: 'a b' })).toBe('/session/login?token=a+b');
    expect(paths.session.login.getHref()).toBe('/session/login');
    expect(paths.agent.mineRecharge.getHref({ from: 'reg' })).toBe('/agent/mine-recharge?from=reg');
    expect(paths.agent.currencyDetail.getHref({ billType: 2, currency: 1 })).toBe(
      '/agent/currency-detail?billType=2&currency=1',
    );
    expect(paths.session.signUp.getHref({ from: 1001, level: undefined })).toBe('/session/sign-up?from=1001');
    expect(paths.session.signUp.getHref({ from: 1001, level: 2 })).toBe('/session/sign-up?from=1001&level=2');
    expect(paths.agent.currencyDetail.getHref({ id: '42' })).toBe('/agent/currency-detail?id=42');
    expect(paths.agent.bindAgent.getHref({ agentId: 10001 })).toBe('/agent/bind-agent?agentId=10001');
    expect(paths.agent.bindAgent.getHref({ agentId: 10001, token: 't' })).toBe(
      '/agent/bind-agent?agentId=10001&token=t',
    );
    expect(paths.agent.queryOrder.getHref({ orderId: 'O-1' })).toBe('/agent/query-order?orderId=O-1');
    expect(paths.agent.queryOrder.getHref()).toBe('/agent/query-order');
  });

  it('redirects the layout roots as SPEC section 2 says (the console root is its dashboard)', () => {
    const table = Object.fromEntries(redirects.map((r) => [r.from.path, r.to]));
    expect(table).toEqual({
      '/': '/agent/index',
      '/default': '/default/dashboard/ecommerce',
      '/boxed': '/boxed/dashboard/ecommerce',
      '/boxed-v2': '/agent/Main',
      '/horizontal': '/horizontal/dashboard/ecommerce',
      '/mini': '/mini/dashboard/ecommerce',
      '/agent/main': '/agent/Main',
    });
  });

  it('tells which layout a page belongs to', () => {
    expect(layoutOfPathname('/agent/Main')).toBe('boxed-v2');
    expect(layoutOfPathname('/mini/dashboard/news')).toBe('mini');
    expect(layoutOfPathname('/boxed-v2/dashboard/saas')).toBe('boxed-v2');
    expect(layoutOfPathname('/agent/help')).toBe('default');
  });
});
