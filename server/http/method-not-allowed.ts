// A path the document declares, asked with a method none of its operations has: 405 with the
// Allow header (RFC 9110 15.5.6), not the 404 of a path that does not exist. Only requests no
// operation took come here; OPTIONS is left to the CORS preflight and Express's own answer.
import type { RequestHandler } from 'express';
import type { OpenApiDocument } from './openapi-document';
import { toPattern } from './declared-media-types';
import { requestIdOf } from '../observability/request-id';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export interface DeclaredPath {
  pattern: RegExp;
  methods: string[];
}

export function declaredPaths(doc: OpenApiDocument): DeclaredPath[] {
  return Object.entries(doc.paths).map(([path, item]) => ({
    pattern: toPattern(path),
    methods: METHODS.filter((method) => method in item).map((method) => method.toUpperCase()),
  }));
}

/** The methods of every declared path `path` matches, GET bringing HEAD (Express answers HEAD from GET). */
export function allowedMethods({ paths, path }: { paths: DeclaredPath[]; path: string }): string[] {
  const methods = new Set(paths.filter(({ pattern }) => pattern.test(path)).flatMap(({ methods: declared }) => declared));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

export function methodNotAllowed({ doc }: { doc: OpenApiDocument }): RequestHandler {
  const paths = declaredPaths(doc);
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return next();
    const allowed = allowedMethods({ paths, path: req.path });
    if (allowed.length === 0 || allowed.includes(req.method)) return next();
    res.set('Allow', allowed.join(', ')).status(405).json({ success: false, data: null, message: `Method ${req.method} is not allowed here; use ${allowed.join(', ')}`, requestId: requestIdOf(res) });
  };
}
