import type { StoreApi, UseBoundStore } from 'zustand';

/**
 * The app's names for a zustand store: `get` and `set` outside React, `use(selector)` inside (the selector returns
 * a field or another stable value, not a new object).
 */
export function bindStore<T>(store: UseBoundStore<StoreApi<T>>) {
  return {
    get: store.getState,
    set: store.setState,
    subscribe: store.subscribe,
    use: store,
  };
}
