// /api/v1/data/{appId}/docs: the Scalar reference of an app's live data API document, opened from
// the collection screen. The page is a shell; the document it loads is checked per caller (the
// owner's session cookie goes with Scalar's same-origin requests, so "try it" works signed in).
import type { Express } from 'express';
import { sendReferenceInit, sendReferencePage } from './reference-page';

const APP_ID = '([A-Za-z0-9_-]{1,100})';
const PAGE = new RegExp(`^/api/v1/data/${APP_ID}/docs$`);
const INIT = new RegExp(`^/api/v1/data/${APP_ID}/docs/init\\.js$`);

const appIdOf = (path: string, pattern: RegExp): string => pattern.exec(path)?.[1] ?? '';

export function mountDataDocs({ app, brand, scalarUrl }: { app: Express; brand: string; scalarUrl: () => string }): void {
  app.get(PAGE, (req, res) => {
    const appId = appIdOf(req.path, PAGE);
    sendReferencePage({ res, title: `${brand} data API of app ${appId}`, scalarUrl: scalarUrl(), initUrl: `/api/v1/data/${appId}/docs/init.js` });
  });
  app.get(INIT, (req, res) => {
    const appId = appIdOf(req.path, INIT);
    sendReferenceInit({ res, config: { url: `/api/v1/data/${appId}/openapi.json`, servers: [{ url: '/' }], withDefaultFonts: false } });
  });
}
