// The hosted card fields in their own iframe: follows its height, knows when it is ready, and
// turns "submit" into a promise settled by the iframe's tokenized or error answer.
import { useCallback, useEffect, useRef, useState } from 'react';
import { cardFieldsEventOf, submitCardFields } from './card-fields-protocol';

type Pending = { resolve: () => void; reject: (error: { code?: string; message?: string }) => void };

export function useCardFields() {
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<Pending | null>(null);
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState(190);

  useEffect(() => {
    const onMessage = (message: MessageEvent) => {
      // Only our own iframe, served by the product itself.
      if (message.origin !== window.location.origin || message.source !== frame.current?.contentWindow) return;
      const event = cardFieldsEventOf(message.data);
      if (!event) return;
      if (event.event === 'ready') setReady(true);
      if (event.event === 'height') setHeight(Math.ceil(event.height));
      if (event.event === 'tokenized') pending.current?.resolve();
      if (event.event === 'error') pending.current?.reject({ code: event.code, message: event.message });
      if (event.event === 'tokenized' || event.event === 'error') pending.current = null;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const tokenize = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        submitCardFields(frame.current);
      }),
    [],
  );

  return { frame, ready, height, tokenize };
}
