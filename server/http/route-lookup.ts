// express-openapi-validator 5.6's route lookup (middlewares/openapi.metadata.js), replaced by one
// that gives the same answers for less: the library compiles every route's path-to-regexp pattern
// on every request, walking all routes in document order until one matches. Here each pattern is
// compiled once, when the middleware is made, with the path-to-regexp this module imports, so
// the saving holds whichever copy of path-to-regexp the library was bundled with (a patch of the
// library's copy reached the copy on disk in the esbuild bundle, never the bundled one: issue 29).
// The walk is given only the routes a path's leading literal segments allow, in the same order,
// so the first match is the same route (test/pipeline/validator-startup.test.ts compares both
// lookups over every document path; test/serving/bundle-route-patterns.test.ts the bundle).
import { pathToRegexp } from 'path-to-regexp';
import { BadRequest, MethodNotAllowed, NotFound } from 'express-openapi-validator/dist/framework/types';
import { httpMethods } from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor';

type Operations = Record<string, unknown>;
interface RouteMethods extends Operations {
  basePath: string;
  _openApiRoute: string;
}
/** What the lookup reads of the library's OpenApiContext. */
export interface RouteContext {
  expressRouteMap: Record<string, RouteMethods>;
  openApiRouteMap: Record<string, Operations>;
  apiDoc: { paths: Record<string, Operations> };
  useRequestUrl?: boolean;
  ignoreUndocumented?: boolean;
  serial: number;
  shouldIgnoreRoute(path: string): boolean | undefined;
  isManagedRoute(path: string): boolean;
}
interface RoutedRequest {
  method: string;
  url: string;
  originalUrl: string;
  path: string;
  baseUrl: string;
  app: { enabled(setting: string): boolean };
  params: unknown;
  openapi?: unknown;
}
type Next = (err?: unknown) => void;
type Middleware = (req: RoutedRequest, res: unknown, next: Next) => void;
export type ApplyMetadata = (context: RouteContext, responseApiDoc?: { paths: Record<string, Operations> }) => Middleware;

interface Route {
  expressRoute: string;
  openApiRoute: string;
  pathKey: string;
  /** The route's segments up to its first parameter, lower-cased. */
  start: string[];
  /** Compiled once per case sensitivity. */
  patterns: Map<boolean, { regexp: RegExp; keys: string[] }>;
}

const PREFIX_SEGMENTS = 3;
const MAX_KEPT_PREFIXES = 1000;

const literalStart = (route: string): string[] => {
  const segments = route.toLowerCase().split('/').slice(1);
  const end = segments.findIndex((segment) => /[:*?({]/.test(segment));
  return end === -1 ? segments : segments.slice(0, end);
};

/** path-to-regexp 8 has no `strict` option (the library passes Express's setting, which it ignores): a trailing slash always matches. */
function patternOf(route: Route, sensitive: boolean): { regexp: RegExp; keys: string[] } {
  let pattern = route.patterns.get(sensitive);
  if (!pattern) {
    const { regexp, keys } = pathToRegexp(route.expressRoute, { sensitive });
    pattern = { regexp, keys: keys.map((k) => k.name) };
    route.patterns.set(sensitive, pattern);
  }
  return pattern;
}

/** The routes a path may match, by its first literal segments (ids and unknown words end the prefix), kept per prefix. */
function candidatesOf(routes: Route[]): (path: string) => Route[] {
  const known = Array.from({ length: PREFIX_SEGMENTS }, (_, i) => new Set(routes.map(({ start }) => start[i])));
  const kept = new Map<string, Route[]>();
  return (path) => {
    const segments = path.toLowerCase().split('/').slice(1, 1 + PREFIX_SEGMENTS);
    const unknownAt = segments.findIndex((segment, i) => !known[i].has(segment));
    const prefix = unknownAt === -1 ? segments : segments.slice(0, unknownAt);
    const key = prefix.join('/');
    const found = kept.get(key);
    if (found) return found;
    const fits = routes.filter(({ start }) => prefix.every((segment, i) => i >= start.length || start[i] === segment));
    if (kept.size < MAX_KEPT_PREFIXES) kept.set(key, fits);
    return fits;
  };
}

export const applyOpenApiMetadata: ApplyMetadata = (context, responseApiDoc) => {
  const routes: Route[] = Object.entries(context.expressRouteMap).map(([expressRoute, methods]) => ({
    expressRoute,
    openApiRoute: methods._openApiRoute,
    pathKey: methods._openApiRoute.substring(methods.basePath.length),
    start: literalStart(expressRoute),
    patterns: new Map(),
  }));
  const candidates = candidatesOf(routes);
  // Compiled now for Express's default routing options, so no request pays for it.
  for (const route of routes) patternOf(route, false);

  const lookupRoute = (req: RoutedRequest) => {
    const path = (context.useRequestUrl ? req.url : req.originalUrl).split('?')[0];
    const method = req.method.toLowerCase();
    const sensitive = !!req.app.enabled('case sensitive routing');
    for (const route of candidates(path)) {
      const { regexp, keys } = patternOf(route, sensitive);
      const matched = regexp.exec(path);
      if (!matched) continue;
      let values: string[];
      try {
        values = matched.slice(1).map(decodeURIComponent);
      } catch {
        throw new BadRequest({ path: req.path, message: "malformed uri'" });
      }
      return {
        schema: context.apiDoc.paths[route.pathKey][method],
        expressRoute: route.expressRoute,
        openApiRoute: route.openApiRoute,
        pathParams: Object.fromEntries(keys.map((key, i) => [key, values[i]])),
        _responseSchema: responseApiDoc?.paths[route.pathKey][method],
      };
    }
    return null;
  };

  return (req, _res, next) => {
    const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
    if (context.shouldIgnoreRoute(path)) return next();
    const matched = lookupRoute(req);
    if (matched) {
      const { expressRoute, openApiRoute, pathParams, schema } = matched;
      if (!schema) {
        if (context.ignoreUndocumented) return next();
        const allow = Object.keys(context.openApiRouteMap[openApiRoute]).filter((key) => httpMethods.has(key.toLowerCase()));
        throw new MethodNotAllowed({ path: req.path, message: `${req.method} method not allowed`, headers: { Allow: allow.join(', ') } });
      }
      req.openapi = { expressRoute, openApiRoute, pathParams, schema, serial: context.serial, ...(responseApiDoc ? { _responseSchema: matched._responseSchema } : {}) };
      req.params = pathParams;
    } else if (context.isManagedRoute(path) && !context.ignoreUndocumented) {
      throw new NotFound({ path: req.path, message: 'not found' });
    }
    next();
  };
};
