// The path prefixes of the JSON API: unknown paths under them answer a JSON 404, not the web app.
// /metrics too: without METRICS_TOKEN it is not served, and a scraper must not take the web app for it.
const API_PREFIXES = /^\/(api|integrations|nindo\/api)(\/|$)|^\/metrics\/?$/;

export const isApiPath = (path: string): boolean => API_PREFIXES.test(path);
