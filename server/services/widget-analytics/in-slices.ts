// Work that runs beside the requests of the same process (the event log's fold) in slices: it lets
// the event loop turn whenever it has held it for SLICE_MS, so a request arriving meanwhile waits
// for one slice, not for the whole work. Done in one go, the fold held every batch queued behind
// it for as long as it took (docs/widget-analytics.md, "Bench").
const SLICE_MS = 2;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs the steps one after the other, letting the event loop turn between two of them once a slice is used up. */
export async function inSlices(steps: (() => Promise<unknown>)[]): Promise<void> {
  let sliceStart = performance.now();
  for (const step of steps) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    await step();
  }
}
