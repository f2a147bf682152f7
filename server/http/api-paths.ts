// The path prefixes of the JSON API: unknown paths under them answer a JSON 404, not the web app.
export { isApiPath } from '../../rules/api-paths';
