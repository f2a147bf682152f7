// The visitor the events name (issue 19): a random id kept in the host page's own localStorage,
// so the server counts one browser once per widget and day, and its vote once per poll. Where
// storage is refused (privacy settings), an id for this page load only.
const KEY = 'nindo:visitor';
/** The server's pattern for visitorId (openapi/widget-events.yaml). */
const VALID = /^[A-Za-z0-9_-]{16,64}$/;

const randomId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function visitorId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = pageStorage()): string {
  try {
    const kept = storage?.getItem(KEY);
    if (kept && VALID.test(kept)) return kept;
    const id = randomId();
    storage?.setItem(KEY, id);
    return id;
  } catch {
    return randomId();
  }
}

function pageStorage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}
