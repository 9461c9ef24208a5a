import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants';
import { loadTextAreas } from '../i18n';
import { AGENT_AREAS, type FeatureArea } from '../i18n/resources';
import type { LazyRoute } from '../router';

/** A page's code that has not arrived after 120 s (SPEC section 8) fails the route instead of hanging. */
export class ChunkTimeoutError extends Error {
  constructor() {
    super('page code did not load in time');
    this.name = 'ChunkTimeoutError';
  }
}

/** The next task: a message to itself, not a timer (a hidden page's timers may wait a second). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** `load`, failing with ChunkTimeoutError when it has not settled after 120 s. */
async function inTime<T>(load: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A route's `lazy` for a page module: loads it with the time-out, and the texts of the agent's areas beside it, and
 * hands its component to the router. Route splitting keeps the first load on a phone small.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return startPage(() => withTexts(AGENT_AREAS, load()), pick);
}

/**
 * A page that shows only the first texts (the shell's and the session pages', START_AREAS): the login page and the
 * pages around it, which then wait for no other text (decision 055). test/start-pages.test.ts checks that no module
 * they import uses an agent area's key.
 */
export function startPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<LazyRoute> => {
    // Starting a page's scripts (a <link rel=modulepreload> for each, tens for a layout and its page) is a task of
    // its own: on a phone it is not added to the task that runs the app's entry (decision 031).
    await nextTask();
    return { Component: pick(await inTime(load)) };
  };
}

/**
 * Routes whose `lazy`s live in a module of their own (the console's pages, the template pages): the route takes its
 * page from that module, fetched first with the same time-out. The first screen's script then names one fetch for
 * all of them instead of each page's list of scripts to preload.
 */
export function pageTable<T extends Record<string, () => Promise<LazyRoute>>>(loadTable: () => Promise<T>) {
  return (name: keyof T & string) => async (): Promise<LazyRoute> => {
    const table = await inTime(loadTable);
    return table[name]?.() ?? Promise.reject(new Error(`no page ${name}`));
  };
}

/** A page's module once the texts of its feature areas have arrived too. */
export async function withTexts<M>(areas: readonly FeatureArea[], load: Promise<M>): Promise<M> {
  const [module] = await Promise.all([load, loadTextAreas(areas)]);
  return module;
}

/**
 * A route whose page or layout is drawn with MUI (the operator console, the template dashboards and cart): its module
 * and the MUI scope (theme/mui-scope.tsx) load together, so MUI stays off every other route (decision 049).
 */
export function muiPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyPage(
    () => Promise.all([load(), import('../theme/mui-scope')]),
    ([module, scope]) => scope.withMuiScope(pick(module)),
  );
}
