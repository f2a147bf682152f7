// The postMessage protocol between the checkout and the frames the product serves for it: the
// hosted card fields (/hosted/card-fields?token=) and the sandbox's 3-D Secure page
// (/hosted/3ds/{transactionId}). Both frames are on the product's origin; each side posts to that
// origin only and ignores messages from any other. docs/billing.md describes the exchange.

export const CARD_FIELDS_MESSAGE = 'nindo-card-fields';
export const THREE_D_SECURE_MESSAGE = 'nindo-3ds';

/** Parent -> card fields: check the card and keep it against the token. */
export interface CardFieldsCommand {
  type: typeof CARD_FIELDS_MESSAGE;
  command: 'submit';
}

/** Card fields -> parent. `tokenized`: the token now carries the card (send it with the checkout). */
export type CardFieldsEvent =
  | { type: typeof CARD_FIELDS_MESSAGE; event: 'ready' }
  | { type: typeof CARD_FIELDS_MESSAGE; event: 'height'; height: number }
  | { type: typeof CARD_FIELDS_MESSAGE; event: 'error'; code: string; message: string }
  | { type: typeof CARD_FIELDS_MESSAGE; event: 'tokenized'; token: string; brand: string; last4: string };

/** 3-D Secure page -> parent: the buyer completed or failed the step; then confirm the subscription. */
export interface ThreeDSecureEvent {
  type: typeof THREE_D_SECURE_MESSAGE;
  event: 'done' | 'failed';
  transactionId: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const isCardFieldsCommand = (value: unknown): value is CardFieldsCommand =>
  isRecord(value) && value.type === CARD_FIELDS_MESSAGE && value.command === 'submit';

export const isCardFieldsEvent = (value: unknown): value is CardFieldsEvent =>
  isRecord(value) && value.type === CARD_FIELDS_MESSAGE && typeof value.event === 'string';

export const isThreeDSecureEvent = (value: unknown): value is ThreeDSecureEvent =>
  isRecord(value) && value.type === THREE_D_SECURE_MESSAGE && (value.event === 'done' || value.event === 'failed');
