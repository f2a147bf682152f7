// The path prefixes of the JSON API: unknown paths under them answer a JSON 404, not the web app.
const API_PREFIXES = /^\/(api|integrations|nindo\/api)(\/|$)/;

export const isApiPath = (path: string): boolean => API_PREFIXES.test(path);
