// A view: the widget at least half visible for one second without a break (issue 10), once.
const VISIBLE_RATIO = 0.5;
const VISIBLE_MS = 1000;

export function onFirstView(element: Element, seen: () => void): void {
  if (typeof IntersectionObserver === 'undefined') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new IntersectionObserver(
    ([entry]) => {
      if (entry.intersectionRatio >= VISIBLE_RATIO) {
        timer ??= setTimeout(() => {
          observer.disconnect();
          seen();
        }, VISIBLE_MS);
      } else {
        clearTimeout(timer);
        timer = undefined;
      }
    },
    { threshold: [0, VISIBLE_RATIO] },
  );
  observer.observe(element);
}
