// The embed runtime's data as scripts (web/embed/loader.ts): /embed/data/{guid}.js, the widget's
// published settings as GET /api/v1/embed/widget/{guid} answers them, and
// /embed/data/{guid}/results.js, a poll's results as GET …/results answers them, and
// /embed/data/{guid}/feed.js, a social feed's imported posts as GET …/feed answers them. A host page's
// CSP lets these in through script-src (which must name the product for embed.js anyway), where a
// fetch would fall under its connect-src. Each sets window.nindoData[path]; an error answers its
// status (404, 403 off the project's domain), which the loader takes as no data. Cached like the
// JSON calls; the answer depends on the page asking (the Referer), so caches keep one per page.
import type { Express, Response } from 'express';
import { AppError } from './errors';

const DATA_SCRIPT = /^\/embed\/data\/([A-Za-z0-9-]{1,100})(?:\/(results|feed))?\.js$/;

export interface EmbedDataHooks {
  /** The widget's type, name and published settings for a page on `pageHost` (throws 404/403). */
  widgetData: (input: { guid: string; referer: string | undefined; serverHost: string }) => Promise<unknown>;
  /** A poll's results (throws 404). */
  pollResults: (guid: string) => Promise<unknown>;
  /** A social feed's imported posts (throws 404). */
  socialFeed: (guid: string) => Promise<unknown>;
  widgetCacheControl: string;
  resultsCacheControl: string;
}

async function answer({ res, key, cacheControl, read }: { res: Response; key: string; cacheControl: string; read: () => Promise<unknown> }): Promise<void> {
  res.set('Vary', 'Referer');
  try {
    const data = await read();
    res.set('Cache-Control', cacheControl).type('text/javascript').send(`(self.nindoData=self.nindoData||{})[${JSON.stringify(key)}]=${JSON.stringify(data)};`);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    res.status(err.status).set('Cache-Control', cacheControl).type('text').send(err.message);
  }
}

export function mountEmbedDataScripts({ app, hooks }: { app: Express; hooks: EmbedDataHooks }): void {
  app.get(DATA_SCRIPT, async (req, res) => {
    const [, guid, resource] = DATA_SCRIPT.exec(req.path) ?? [];
    if (resource === 'results') await answer({ res, key: `${guid}/results`, cacheControl: hooks.resultsCacheControl, read: () => hooks.pollResults(guid) });
    else if (resource === 'feed') await answer({ res, key: `${guid}/feed`, cacheControl: hooks.widgetCacheControl, read: () => hooks.socialFeed(guid) });
    else await answer({ res, key: guid, cacheControl: hooks.widgetCacheControl, read: () => hooks.widgetData({ guid, referer: req.get('referer'), serverHost: req.host }) });
  });
}
