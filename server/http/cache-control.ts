// The two caching rules of the site: content-hashed files never change under their URL;
// everything else (pages, the docs loader) is revalidated on each use.
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
