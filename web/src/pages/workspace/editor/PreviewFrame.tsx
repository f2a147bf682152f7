// The live preview: the real embed runtime in an iframe (/embed/preview), drawing the settings
// being edited. The runtime says when it is ready; every change is posted to it again.
import { useCallback, useEffect, useRef } from 'react';

interface PreviewFrameProps {
  type: string;
  settings: Record<string, unknown>;
}

export function PreviewFrame({ type, settings }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ type, settings });

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

  return <iframe ref={frame} className="widget-editor__frame" title="Widget preview" src="/embed/preview" />;
}
