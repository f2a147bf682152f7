// The hosted card fields' postMessage protocol (docs/billing.md): the parent asks the iframe to
// submit; the iframe answers ready, error (code, message), tokenized, or its height. The 3-D
// Secure page answers done or failed.
export const CARD_FIELDS_TYPE = 'nindo-card-fields';
export const THREE_DS_TYPE = 'nindo-3ds';

export type CardFieldsEvent =
  | { type: typeof CARD_FIELDS_TYPE; event: 'ready' | 'tokenized' }
  | { type: typeof CARD_FIELDS_TYPE; event: 'error'; code?: string; message?: string }
  | { type: typeof CARD_FIELDS_TYPE; event: 'height'; height: number };

export type ThreeDsEvent = { type: typeof THREE_DS_TYPE; event: 'done' | 'failed' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function cardFieldsEventOf(data: unknown): CardFieldsEvent | null {
  if (!isRecord(data) || data.type !== CARD_FIELDS_TYPE) return null;
  const { event } = data;
  if (event === 'ready' || event === 'tokenized') return { type: CARD_FIELDS_TYPE, event };
  if (event === 'height' && typeof data.height === 'number') return { type: CARD_FIELDS_TYPE, event, height: data.height };
  if (event === 'error') {
    return {
      type: CARD_FIELDS_TYPE,
      event,
      ...(data.code === undefined ? {} : { code: String(data.code) }),
      ...(typeof data.message === 'string' ? { message: data.message } : {}),
    };
  }
  return null;
}

export function threeDsEventOf(data: unknown): ThreeDsEvent | null {
  if (!isRecord(data) || data.type !== THREE_DS_TYPE) return null;
  return data.event === 'done' || data.event === 'failed' ? { type: THREE_DS_TYPE, event: data.event } : null;
}

export const submitCardFields = (frame: HTMLIFrameElement | null): void => {
  frame?.contentWindow?.postMessage({ type: CARD_FIELDS_TYPE, command: 'submit' }, window.location.origin);
};
