// The path prefixes of the JSON API (a rule shared by the server and the declarations): an
// unknown path under them answers a JSON 404, not the web app, and the dev server forwards them
// to the API (web/vite.config.ts). A declared resource's path must be under one of them.
export const API_PATH_PREFIXES = ['/api', '/integrations', '/nindo/api'] as const;

const API_PREFIXES = /^\/(api|integrations|nindo\/api)(\/|$)/;

export const isApiPath = (path: string): boolean => API_PREFIXES.test(path);
