// A change appended by this process reaches this process's streams at once, not at the next poll.
import type { Store } from '../../../storage/port';

type Listener = (appId: string) => void;

const listeners = new WeakMap<Store, Listener>();

/** The hub of a store listens; one per store. */
export function onLocalChange({ store, listener }: { store: Store; listener: Listener | undefined }): void {
  if (listener) listeners.set(store, listener);
  else listeners.delete(store);
}

export const nudgeLive = ({ store, appId }: { store: Store; appId: string }): void => listeners.get(store)?.(appId);
