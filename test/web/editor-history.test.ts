// The editor's undo history: edits of the same fields within a pause are one step, other
// fields or a pause start a new one, a new edit drops what could be redone, and it is bounded.
import { MAX_STEPS, PAUSE_MS, record, redo, startHistory, undo } from '../../web/src/pages/workspace/editor/history';

describe('editor history', () => {
  it('makes one step of edits to the same field within a pause', () => {
    let history = startHistory({ title: '' });
    history = record(history, { title: 'T' }, 1000);
    history = record(history, { title: 'Te' }, 1000 + PAUSE_MS - 1);
    history = record(history, { title: 'Tea' }, 1000 + 2 * PAUSE_MS - 2);
    expect(undo(history).present).toEqual({ title: '' });
  });

  it('starts a new step after a pause or on another field', () => {
    let history = startHistory({ title: '', color: '#000000' });
    history = record(history, { title: 'Tea', color: '#000000' }, 1000);
    history = record(history, { title: 'Tea', color: '#ffffff' }, 1100);
    history = record(history, { title: 'Tea!', color: '#ffffff' }, 1100 + PAUSE_MS);
    const steps = [undo(history), undo(undo(history)), undo(undo(undo(history)))].map((h) => h.present);
    expect(steps).toEqual([{ title: 'Tea', color: '#ffffff' }, { title: 'Tea', color: '#000000' }, { title: '', color: '#000000' }]);
  });

  it('redoes what was undone until a new edit', () => {
    let history = record(startHistory({ n: 1 }), { n: 2 }, 0);
    history = undo(history);
    expect(redo(history).present).toEqual({ n: 2 });
    history = record(history, { n: 3 }, 5000);
    expect(redo(history)).toBe(history);
  });

  it('ignores a change that changes nothing and keeps at most MAX_STEPS steps', () => {
    let history = startHistory({ n: 0 });
    expect(record(history, { n: 0 }, 0)).toBe(history);
    for (let n = 1; n <= MAX_STEPS + 50; n += 1) history = record(history, { n }, n * 10 * PAUSE_MS);
    expect(history.past).toHaveLength(MAX_STEPS);
    expect(undo(history).present).toEqual({ n: MAX_STEPS + 49 });
  });
});
