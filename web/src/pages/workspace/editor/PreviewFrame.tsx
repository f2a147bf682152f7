// The live preview: the real embed runtime in an iframe (/embed/preview), drawing the settings
// being edited. The runtime says when it is ready; every change is posted to it again. The
// iframe is laid out at the chosen device's width and scaled down to fit the pane.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

interface PreviewFrameProps {
  type: string;
  settings: Record<string, unknown>;
  /** The device width the widget is laid out at (px). */
  width: number;
}

/** The pane's inner size, followed as the window changes. */
function usePaneSize(pane: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!pane) return undefined;
    const measure = () => setSize({ width: pane.clientWidth, height: pane.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(pane);
    return () => observer.disconnect();
  }, [pane]);
  return size;
}

export function PreviewFrame({ type, settings, width }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ type, settings });
  const [pane, setPane] = useState<HTMLDivElement | null>(null);
  const size = usePaneSize(pane);

  const post = useCallback(() => frame.current?.contentWindow?.postMessage({ source: 'nindo-editor', ...latest.current }, location.origin), []);

  useEffect(() => {
    const onMessage = (event: MessageEvent<{ source?: string }>) => {
      if (event.origin === location.origin && event.source === frame.current?.contentWindow && event.data?.source === 'nindo-preview') post();
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, [post]);

  useEffect(() => {
    latest.current = { type, settings };
    post();
  }, [post, type, settings]);

  // Narrower devices than the pane show at their own size, centred; wider ones are scaled down.
  const scale = size.width > 0 ? Math.min(1, size.width / width) : 1;
  const left = Math.max(0, (size.width - width * scale) / 2);
  return (
    <div ref={setPane} className="widget-editor__frame-pane" data-width={width}>
      <iframe
        ref={frame}
        className="widget-editor__frame"
        title="Widget preview"
        src="/embed/preview"
        style={{ width, height: size.height ? size.height / scale : undefined, transform: `scale(${scale})`, left }}
      />
    </div>
  );
}
