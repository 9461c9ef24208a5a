import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants';

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

/**
 * A route's `lazy` for a page module: loads it with the time-out and hands its component to the router.
 * Route splitting keeps the first load on a phone small.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      // Starting a page's scripts (a <link rel=modulepreload> for each, tens for a layout and its page) is a task of
      // its own: on a phone it is not added to the task that runs the app's entry (decision 031).
      await nextTask();
      const module = await Promise.race([load(), timeout]);
      return { Component: pick(module) };
    } finally {
      clearTimeout(timer);
    }
  };
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
