import { useSyncExternalStore } from 'react';

/** A minimal external store (get/set/subscribe) with a React hook, for app-wide client state. */
export interface Store<T> {
  get: () => T;
  set: (next: Partial<T> | ((state: T) => Partial<T>)) => void;
  subscribe: (listener: () => void) => () => void;
  /** Subscribes a component to a slice; the selector must return a stable value (a field, not a new object). */
  use: <S>(selector: (state: T) => S) => S;
}

export function createStore<T extends object>(initial: T, onChange?: (state: T) => void): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = () => state;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const set: Store<T>['set'] = (next) => {
    const patch = typeof next === 'function' ? next(state) : next;
    state = { ...state, ...patch };
    onChange?.(state);
    for (const listener of listeners) listener();
  };
  function use<S>(selector: (s: T) => S): S {
    return useSyncExternalStore(
      subscribe,
      () => selector(state),
      () => selector(state),
    );
  }
  return { get, set, subscribe, use };
}
