// The paths that answer JSON, never the web app: an unknown one is a JSON 404. The API's prefixes
// (rules/api-paths.ts) and /metrics, which without METRICS_TOKEN is not served and a scraper must
// not take the web app for.
import { isApiPath as underApiPrefix } from '../../rules/api-paths';

const METRICS = /^\/metrics\/?$/;

export const isApiPath = (path: string): boolean => underApiPrefix(path) || METRICS.test(path);
