// The undo history of the editor's form: each edit a step, except that edits of the same
// fields within a pause (typing a word) are one step. Pure, so the rules are tested alone.

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** When the present step was last changed, and which fields it changed (for coalescing). */
  at: number;
  fields: string;
}

/** Edits of the same fields closer together than this are one step. */
export const PAUSE_MS = 800;
/** Steps kept: an afternoon of editing, bounded. */
export const MAX_STEPS = 200;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], at: 0, fields: '' });

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function changedFields(before: object, after: object): string {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => !same((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key]))
    .sort()
    .join(',');
}

/** The history with `next` recorded at `now`; the same history when nothing changed. */
export function record<T extends object>(history: History<T>, next: T, now: number): History<T> {
  if (same(history.present, next)) return history;
  const fields = changedFields(history.present, next);
  const coalesce = history.past.length > 0 && fields === history.fields && now - history.at < PAUSE_MS;
  const past = coalesce ? history.past : [...history.past, history.present].slice(-MAX_STEPS);
  return { past, present: next, future: [], at: now, fields };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], at: 0, fields: '' };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future, at: 0, fields: '' };
}
