// Server-Sent Events read from fetch's body (not EventSource, so one reader works in Node and
// browsers and the client controls Last-Event-ID and reconnects itself).

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** Splits a stream's text into events as the SSE format defines them; comments (heartbeats) are skipped. */
export function sseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0 || id !== undefined) onEvent({ id, event, data: data.join('\n') });
    }
  };
}

/** Reads one stream to its end (or until `signal` aborts), handing each event to `onEvent`. */
export async function readSse({ body, onEvent, signal }: { body: ReadableStream<Uint8Array>; onEvent: (event: SseEvent) => void; signal: AbortSignal }): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const feed = sseParser(onEvent);
  const stop = (): void => {
    reader.cancel().catch(() => undefined);
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
