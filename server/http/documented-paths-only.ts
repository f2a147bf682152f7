// express-openapi-validator prepares the whole document once its middleware is created and
// builds its validators on the first request it sees, whatever the path: about 145 ms of CPU
// between a start and its first answer (docs/serving.md, "Cold start"), all of it waiting for a
// page, which no operation can match. Here the middleware is created on the first request under
// one of the document's leading path segments, and every other request (pages, assets) passes by.
import { Router } from 'express';
import type { RequestHandler } from 'express';

const firstSegment = (path: string): string => path.split('/')[1] ?? '';

/** `create`'s middleware for requests that may match a path of `paths`; made on the first of them. */
export function forDocumentedPaths({ paths, create }: { paths: string[]; create: () => RequestHandler[] }): RequestHandler {
  const segments = new Set(paths.map(firstSegment));
  // A document whose path begins with a parameter could match anything.
  const everything = [...segments].some((segment) => segment.startsWith('{'));
  let router: Router | undefined;
  return (req, res, next) => {
    if (!everything && !segments.has(firstSegment(req.path))) return next();
    router ??= Router().use(create());
    router(req, res, next);
  };
}
