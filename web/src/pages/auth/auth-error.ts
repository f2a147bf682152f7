// Spec 003 section 8: auth forms show the server message, or the `error` query value
// with underscores turned into spaces (set by redirects such as social login failures).
export function queryErrorMessage(search: URLSearchParams): string | undefined {
  const error = search.get('error');
  return error ? error.replace(/_/g, ' ') : undefined;
}
