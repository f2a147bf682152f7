// Undo and redo of the editor's form (history.ts): the buttons' actions and the keys, Ctrl/Cmd+Z
// for undo, Ctrl/Cmd+Shift+Z or Ctrl+Y for redo, anywhere on the page (the browser's own undo of
// a text field would undo only that field, behind the preview's back). After a step the form
// starts over from the step's values (a new key) and the field that had focus gets it back.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { record, redo, startHistory, undo } from './history';
import type { History } from './history';

export function useEditHistory<T extends object>({ initial, enabled }: { initial: T; enabled: boolean }) {
  const [history, setHistory] = useState<History<T>>(() => startHistory(initial));
  const [formKey, setFormKey] = useState(0);
  const latest = useRef(history);
  const refocus = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    latest.current = history;
  }, [history]);

  const change = useCallback((next: T) => setHistory((current) => record(current, next, Date.now())), []);

  const step = useCallback((move: (current: History<T>) => History<T>) => {
    const next = move(latest.current);
    if (next === latest.current) return;
    refocus.current = document.activeElement?.id || undefined;
    latest.current = next;
    setHistory(next);
    setFormKey((key) => key + 1);
  }, []);

  useLayoutEffect(() => {
    if (refocus.current) document.getElementById(refocus.current)?.focus();
    refocus.current = undefined;
  }, [formKey]);

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const isRedo = (key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey && !event.shiftKey);
      const isUndo = key === 'z' && !event.shiftKey;
      if (!isRedo && !isUndo) return;
      event.preventDefault();
      step(isRedo ? redo : undo);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, step]);

  return {
    present: history.present,
    formKey,
    change,
    canUndo: enabled && history.past.length > 0,
    canRedo: enabled && history.future.length > 0,
    undo: () => step(undo),
    redo: () => step(redo),
  };
}
