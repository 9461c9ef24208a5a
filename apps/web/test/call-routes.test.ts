// The agents' calls' routes the web client reads (src/api/call-routes.ts, decision 047) are the contract's: each
// call's method, path, access rule and `uid` header, and no call more or less. Its type holds the names and methods;
// this holds the rest.
import { agentCalls } from '@promoter/contract';
import { describe, expect, it } from 'vitest';
import { agentRoutes } from '../src/api/call-routes';

describe('the client’s call routes', () => {
  it('name every call of the contract’s agents’ table, and no other', () => {
    expect(Object.keys(agentRoutes).sort()).toEqual(Object.keys(agentCalls).sort());
  });

  it('give each call the contract’s method, path, access rule and uid header', () => {
    const fromContract = Object.fromEntries(
      Object.entries(agentCalls).map(([name, def]) => [
        name,
        {
          method: def.method,
          path: def.path,
          auth: def.auth,
          uidHeader: 'uidHeader' in def && def.uidHeader === true,
        },
      ]),
    );
    const fromTable = Object.fromEntries(
      Object.entries(agentRoutes).map(([name, route]) => [
        name,
        {
          method: route.method,
          path: route.path,
          auth: route.auth,
          uidHeader: 'uidHeader' in route && route.uidHeader === true,
        },
      ]),
    );
    expect(fromTable).toEqual(fromContract);
  });
});
