// The hosted card fields' script (/hosted/card-fields?token=): checks the card as the server will
// (rules/billing-card-errors.ts), keeps it against the token on the parent's submit command, and
// reports to the parent (rules/billing-hosted-fields.ts). The card never reaches the parent page.
import { CARD_ERROR_MESSAGES, cardErrorMessage, checkCard } from '../../rules/billing-card-errors';
import type { CardErrorCode, CardFields } from '../../rules/billing-card-errors';
import { CARD_FIELDS_MESSAGE, isCardFieldsCommand } from '../../rules/billing-hosted-fields';
import type { CardFieldsEvent } from '../../rules/billing-hosted-fields';
import { fieldOf, post } from './frame';

/** Which field shows each refusal; the rest show under the whole form. */
const FIELD_OF_CODE: Partial<Record<CardErrorCode, string>> = { '001': 'cardNumber', '22013': 'cardNumber', '003': 'expiry', '002': 'cvv' };
const FIELDS = ['cardNumber', 'expiry', 'cvv'] as const;

const token = new URLSearchParams(window.location.search).get('token') ?? '';
const send = (message: CardFieldsEvent): void => post(message);
let busy = false;

function showError({ code, message }: { code: string; message: string }): void {
  const target = FIELD_OF_CODE[code as CardErrorCode] ?? 'form';
  fieldOf(`${target}-error`).textContent = message;
  send({ type: CARD_FIELDS_MESSAGE, event: 'error', code, message });
}

function clearErrors(): void {
  for (const name of [...FIELDS, 'form']) fieldOf(`${name}-error`).textContent = '';
}

const valueOf = (name: string): string => (fieldOf(name) as HTMLInputElement).value;

async function keep(fields: CardFields): Promise<void> {
  const response = await fetch(`/api/bluesnap/hostedFields/${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fields),
  });
  const body = (await response.json().catch(() => null)) as { data?: { brand?: string; last4?: string; code?: string; msg?: string }[] | { brand: string; last4: string } } | null;
  if (response.ok && body?.data && !Array.isArray(body.data)) {
    send({ type: CARD_FIELDS_MESSAGE, event: 'tokenized', token, brand: body.data.brand, last4: body.data.last4 });
    return;
  }
  const refusal = Array.isArray(body?.data) ? body.data[0] : undefined;
  const code = refusal?.code ?? String(response.status);
  showError({ code, message: cardErrorMessage({ code, fallback: refusal?.msg }) });
}

async function submit(): Promise<void> {
  if (busy) return;
  clearErrors();
  if (!token) return showError({ code: '400', message: CARD_ERROR_MESSAGES['400'] });
  const fields: CardFields = { cardNumber: valueOf('cardNumber'), expiry: valueOf('expiry'), cvv: valueOf('cvv') };
  const checked = checkCard({ fields, now: new Date() });
  if (!checked.ok) return showError({ code: checked.code, message: CARD_ERROR_MESSAGES[checked.code] });
  busy = true;
  try {
    await keep(fields);
  } catch {
    showError({ code: '500', message: CARD_ERROR_MESSAGES['500'] });
  } finally {
    busy = false;
  }
}

window.addEventListener('message', (event) => {
  if (event.origin !== window.location.origin || !isCardFieldsCommand(event.data)) return;
  void submit();
});
fieldOf('form').addEventListener('submit', (event) => {
  event.preventDefault();
  void submit();
});
for (const name of FIELDS) fieldOf(name).addEventListener('input', () => (fieldOf(`${name}-error`).textContent = ''));
let lastHeight = 0;
// The form's own height (not the frame's), posted when it changes, so the parent can fit the frame.
new ResizeObserver(() => {
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  if (height === lastHeight) return;
  lastHeight = height;
  send({ type: CARD_FIELDS_MESSAGE, event: 'height', height });
}).observe(document.body);
send({ type: CARD_FIELDS_MESSAGE, event: 'ready' });
