// API steps of the probe-property rows (./probe-property.e2e.ts): read a record, send it back
// through its write operation with the probe added, and read the probe again, as a team member
// checking that a property added to the document reaches the API would.
import type { APIRequestContext } from 'playwright-core';
import { PROBE } from './probe-document';

type Json = Record<string, unknown>;

/** The `data` of an answer; throws with the status and body when the call fails. */
export async function call({ request, method = 'GET', path, body }: { request: APIRequestContext; method?: string; path: string; body?: unknown }): Promise<unknown> {
  const answer = await request.fetch(path, { method, ...(body === undefined ? {} : { data: body }) });
  if (!answer.ok()) throw new Error(`${method} ${path} answered ${answer.status()}: ${(await answer.text()).slice(0, 300)}`);
  return ((await answer.json()) as { data: unknown }).data;
}

const served = new WeakMap<APIRequestContext, Promise<Json>>();

/** The properties the served document declares for `schema` (the probe copy's document). */
async function declared({ request, schema }: { request: APIRequestContext; schema: string }): Promise<string[]> {
  if (!served.has(request)) served.set(request, request.get('/openapi.json').then(async (r) => (await r.json()) as Json));
  const document = (await served.get(request)) as { components: { schemas: Record<string, { properties?: Json }> } };
  return Object.keys(document.components.schemas[schema]?.properties ?? {});
}

/** `record`'s values of the properties `schema` declares, with the probe set to `value`. */
export async function withProbe({ request, schema, record, value }: { request: APIRequestContext; schema: string; record: Json; value: string }): Promise<Json> {
  const keys = await declared({ request, schema });
  return { ...Object.fromEntries(keys.filter((key) => record[key] !== undefined && record[key] !== null).map((key) => [key, record[key]])), [PROBE.name]: value };
}

export const probeOf = (record: unknown): unknown => (record as Json | undefined)?.[PROBE.name];

/** The records of a list answer: an array, or a page's `docs` or `items`. */
export const recordsOf = (data: unknown): Json[] => (Array.isArray(data) ? data : ((data as Json).docs ?? (data as Json).items ?? [])) as Json[];

/** The first record of a list whose `key` is `equals`; throws naming what was looked for. */
export function findIn({ data, key, equals }: { data: unknown; key: string; equals: unknown }): Json {
  const found = recordsOf(data).find((record) => record[key] === equals);
  if (!found) throw new Error(`no record with ${key} ${String(equals)}`);
  return found;
}

/**
 * Reads the record at `read` (or the one `find` picks from that answer), sends its writable
 * properties back to `write` with the probe, and answers the probe as `read` then gives it.
 */
export async function sendBack({
  request,
  read,
  write = read,
  method = 'PUT',
  schema,
  value,
  find = (data) => data as Json,
}: {
  request: APIRequestContext;
  read: string;
  write?: string;
  method?: string;
  schema: string;
  value: string;
  find?: (data: unknown) => Json;
}): Promise<unknown> {
  const record = find(await call({ request, path: read }));
  await call({ request, method, path: write, body: await withProbe({ request, schema, record, value }) });
  return probeOf(find(await call({ request, path: read })));
}
