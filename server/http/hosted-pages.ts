// The frames the checkout shows (spec 002): the hosted card fields (/hosted/card-fields?token=)
// and the sandbox provider's 3-D Secure step (/hosted/3ds/{transactionId}). Small server-rendered
// pages with their own script (web/hosted/, built to web/dist/hosted/ by scripts/build-hosted.ts),
// not the React app: card data stays in a frame of its own. Framed by the checkout, which may
// itself sit in another site's frame (/embed/pricing), so security-headers.ts lets them be framed.
// What they ask the billing area comes from the composition root (server/registry.ts).
import type { Express } from 'express';
import { SANDBOX_TEST_CARDS } from '../../rules/billing-card-errors';
import { REVALIDATE } from './cache-control';

export interface HostedPageHooks {
  /** Whether the sandbox provider takes cards now (the card fields then list its test cards). */
  sandboxCards: () => boolean;
  /** The sandbox charge waiting for this 3-D Secure answer, or null. */
  pendingThreeDSecure: (transactionId: string) => Promise<{ _id: string; amount: number } | null>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const CSS =
  'body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1f2937;background:transparent}form,main{padding:4px}' +
  'label{display:block;margin:0 0 10px;font-weight:500}input{display:block;box-sizing:border-box;width:100%;margin-top:4px;padding:9px 10px;border:1px solid #d1d5db;border-radius:6px;font:inherit}' +
  '.row{display:flex;gap:10px}.row label{flex:1}.error{display:block;min-height:1em;color:#b91c1c;font-size:12px;font-weight:400}' +
  '.cards{margin:6px 0 0;padding:8px 10px;background:#f3f4f6;border-radius:6px;font-size:12px}.cards code{font-weight:600}' +
  'button{padding:9px 18px;border:0;border-radius:6px;font:inherit;cursor:pointer;margin-right:8px}#complete{background:#4b4bf7;color:#fff}#fail{background:#e5e7eb}';

const page = ({ title, body, script }: { title: string; body: string; script: string }): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
  `<style>${CSS}</style></head><body>${body}<script src="/hosted/${script}.js"></script></body></html>`;

const field = ({ id, label, autocomplete, placeholder }: { id: string; label: string; autocomplete: string; placeholder: string }): string =>
  `<label for="${id}">${label}<input id="${id}" name="${id}" inputmode="numeric" autocomplete="${autocomplete}" placeholder="${placeholder}">` +
  `<span class="error" id="${id}-error" role="alert"></span></label>`;

const testCards = (): string =>
  `<div class="cards" id="test-cards"><strong>Sandbox test cards</strong> (any future expiry, any CVV):<br>` +
  SANDBOX_TEST_CARDS.map((card) => `<code>${card.number}</code> ${escapeHtml(card.label)}`).join('<br>') +
  `</div>`;

function cardFieldsPage({ sandbox }: { sandbox: boolean }): string {
  const body =
    `<form id="form" novalidate>` +
    field({ id: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' }) +
    `<div class="row">${field({ id: 'expiry', label: 'Expiration date', autocomplete: 'cc-exp', placeholder: 'MM/YY' })}` +
    `${field({ id: 'cvv', label: 'CVV', autocomplete: 'cc-csc', placeholder: '123' })}</div>` +
    `<span class="error" id="form-error" role="alert"></span>${sandbox ? testCards() : ''}</form>`;
  return page({ title: 'Card details', body, script: 'card-fields' });
}

function threeDSecurePage({ transactionId, amount }: { transactionId: string; amount: number }): string {
  const body =
    `<main id="challenge" data-transaction-id="${escapeHtml(transactionId)}"><h1>3-D Secure</h1>` +
    `<p>The sandbox card provider asks you to confirm this payment of $${amount.toFixed(2)}.</p>` +
    `<p><button id="complete" type="button">Complete</button><button id="fail" type="button">Fail</button></p><p id="status" role="status"></p></main>`;
  return page({ title: '3-D Secure', body, script: 'three-d-secure' });
}

/** Where Stripe sends the buyer after its own 3-D Secure page: tell the checkout to confirm. */
function returnedPage({ transactionId }: { transactionId: string }): string {
  const body = `<main id="challenge" data-transaction-id="${escapeHtml(transactionId)}" data-returned="true"><p id="status" role="status">Returning to the checkout...</p></main>`;
  return page({ title: '3-D Secure', body, script: 'three-d-secure' });
}

export function mountHostedPages({ app, hooks }: { app: Express; hooks: HostedPageHooks }): void {
  app.get('/hosted/card-fields', (_req, res) => {
    res.set('Cache-Control', REVALIDATE).type('html').send(cardFieldsPage({ sandbox: hooks.sandboxCards() }));
  });
  app.get('/hosted/3ds/return', (req, res) => {
    const transactionId = typeof req.query.payment_intent === 'string' ? req.query.payment_intent.slice(0, 100) : '';
    res.set('Cache-Control', 'no-store').type('html').send(returnedPage({ transactionId }));
  });
  app.get('/hosted/3ds/:transactionId', async (req, res, next) => {
    try {
      const charge = await hooks.pendingThreeDSecure(String(req.params.transactionId).slice(0, 100));
      if (!charge) {
        res.status(404).type('text').send('This 3-D Secure step is not waiting for an answer.');
        return;
      }
      res.set('Cache-Control', 'no-store').type('html').send(threeDSecurePage({ transactionId: charge._id, amount: charge.amount }));
    } catch (err) {
      next(err);
    }
  });
}
