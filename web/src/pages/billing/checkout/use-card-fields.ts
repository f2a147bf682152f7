// The hosted card fields in their own iframe: follows its height, knows when the frame of the
// current token is ready, and turns "submit" into a promise settled by the iframe's tokenized or
// error answer, rejected with section 8's text for the code (or, when the frame never answers,
// the internal error's after 30 s).
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../../forms/server-errors';
import { cardErrorMessage } from '../../../../../rules/billing-card-errors';
import { CARD_FIELDS_MESSAGE, isCardFieldsEvent } from '../../../../../rules/billing-hosted-fields';
import type { CardFieldsCommand } from '../../../../../rules/billing-hosted-fields';

type Pending = { resolve: () => void; reject: (failure: { code: string; message?: string }) => void };

const ANSWER_TIMEOUT_MS = 30_000;

const tokenOf = (frame: HTMLIFrameElement | null): string | null => (frame?.src ? new URL(frame.src).searchParams.get('token') : null);

export function useCardFields({ token }: { token?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<Pending | null>(null);
  const [readyToken, setReadyToken] = useState<string | null>(null);
  const [height, setHeight] = useState(190);

  useEffect(() => {
    const onMessage = (message: MessageEvent) => {
      // Only our own iframe, served by the product itself.
      if (message.origin !== window.location.origin || message.source !== frame.current?.contentWindow) return;
      if (!isCardFieldsEvent(message.data)) return;
      const event = message.data;
      if (event.event === 'ready') setReadyToken(tokenOf(frame.current));
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
        const timer = window.setTimeout(() => {
          pending.current = null;
          reject(new ApiError({ message: cardErrorMessage({ code: '500' }) }));
        }, ANSWER_TIMEOUT_MS);
        pending.current = {
          resolve: () => {
            window.clearTimeout(timer);
            resolve();
          },
          reject: ({ code, message }) => {
            window.clearTimeout(timer);
            reject(new ApiError({ message: cardErrorMessage({ code, fallback: message }) }));
          },
        };
        const command: CardFieldsCommand = { type: CARD_FIELDS_MESSAGE, command: 'submit' };
        frame.current?.contentWindow?.postMessage(command, window.location.origin);
      }),
    [],
  );

  return { frame, ready: token !== undefined && readyToken === token, height, tokenize };
}
