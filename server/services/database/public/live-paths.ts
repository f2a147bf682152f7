// The live changes' part of an app's live OpenAPI document (docs/public-data-api.md, "Live
// changes"): the event stream as text/event-stream with the schema of each event's data, one change
// schema per readable collection, and the subscriptions POST whose `collection` names only those.
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import type { CollectionDoc } from '../model';
import { envelope, errors, json, ref } from './collection-paths';
import type { CollectionPart } from './collection-paths';

const CONNECT = { type: 'object', required: ['clientId'], properties: { clientId: { type: 'string', description: 'Names this stream in POST .../live.' } } };
/** As openapi/public-database.yaml's LiveSubscription bounds it. */
const SUBSCRIPTION_ID = { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$' };
/** Which of the stream's subscriptions an event is for: by id, or by index where the client gave none. */
const SUBSCRIPTIONS = {
  type: 'array',
  minItems: 1,
  maxItems: 20,
  items: { oneOf: [SUBSCRIPTION_ID, { type: 'integer', minimum: 0, maximum: 19 }] },
  description: "The subscriptions this event is for: each one's `id`, or its index in the set as POSTed (from 0) when it has none.",
};
const RESET = {
  type: 'object',
  required: ['reason'],
  properties: {
    reason: { type: 'string' },
    collection: { type: 'string', description: 'The collection to read again; absent when the stream lost its place in the log (read all).' },
    subscriptions: { ...SUBSCRIPTIONS, description: "With `collection`: the subscriptions of it to read again (each one's id, or index)." },
  },
};
const LEAVE = {
  type: 'object',
  required: ['collection', 'document', 'subscriptions'],
  properties: {
    collection: { type: 'string' },
    subscriptions: SUBSCRIPTIONS,
    document: {
      type: 'object',
      additionalProperties: false,
      required: ['_id', '_version'],
      properties: { _id: { type: 'string' }, _version: { type: 'integer', description: 'The version the update gave it.' } },
      description: 'The document that left: its id only, as the caller may no longer be allowed to read it.',
    },
  },
};
const CLOSE = { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } };

const STREAM_DESCRIPTION =
  'Server-Sent Events: `id: <seq>`, `event: <name>`, `data: <JSON>`. `connect` (Live_Connect) first, then `created`, `updated`, `deleted` and `enter` (the `{Name}_Event` of the collection), `leave` (Live_Leave), `reset` (Live_Reset: read again) and `close` (Live_Close: why the server ended it); lines starting with `:` are heartbeats. With a `query`, an update that makes a document start matching it sends `enter` instead of `updated`, one that makes it stop matching sends `leave`. Each change event names in `subscriptions` the subscriptions it is for (their `id`, or index in the set); one change may be several events for one stream (entering one query, leaving another), which come together, only the last with an `id`. Reconnect with Last-Event-ID to resume. `x-event` is one event as a client reads it, `{event, id?, data}` with data parsed: the event name tells the kinds apart (a `reset` and a `close` may carry the same data).';

/** One event as a client reads it: its name decides its data's schema, so no two kinds can both match. */
const eventOf = ({ names, data, id }: { names: string[]; data: JsonSchemaObject; id: 'always' | 'last of a change' | 'never' }): JsonSchemaObject => ({
  type: 'object',
  additionalProperties: false,
  required: ['event', 'data', ...(id === 'always' ? ['id'] : [])],
  properties: {
    event: names.length === 1 ? { const: names[0] } : { enum: names },
    ...(id === 'never' ? {} : { id: { type: 'string', pattern: '^[0-9]+$', description: "The app's seq: send it back as Last-Event-ID." } }),
    data,
  },
});

/** Empty when the caller may read no collection: there is nothing to follow. */
export function livePart({ base, readable }: { base: string; readable: { collection: CollectionDoc; typeName: string }[] }): CollectionPart {
  if (readable.length === 0) return { schemas: {}, paths: {} };
  const events = Object.fromEntries(
    readable.map(({ collection, typeName }) => [
      `${typeName}_Event`,
      { type: 'object', required: ['collection', 'document', 'subscriptions'], properties: { collection: { const: collection.name }, document: ref(typeName), subscriptions: SUBSCRIPTIONS } },
    ]),
  );
  // One form per collection, so a query is that collection's filter, as its list takes it.
  const subscription = {
    oneOf: readable.map(({ collection, typeName }) => ({
      type: 'object',
      additionalProperties: false,
      required: ['collection'],
      not: { required: ['query', 'docId'] },
      properties: {
        id: { ...SUBSCRIPTION_ID, description: 'Your name for it, which its events list in `subscriptions` (else its index in the set). Unique within the set.' },
        collection: { const: collection.name },
        query: { ...ref(`${typeName}_Filter`), description: "Only matching documents' changes. Not with docId." },
        docId: { type: 'string', minLength: 1, maxLength: 100, description: "Only this document's changes. Not with query." },
      },
    })),
  };
  const schemas: Record<string, JsonSchemaObject> = {
    Live_Connect: CONNECT,
    Live_Reset: RESET,
    Live_Leave: LEAVE,
    Live_Close: CLOSE,
    ...events,
    Live_Event: {
      oneOf: [
        eventOf({ names: ['connect'], data: ref('Live_Connect'), id: 'always' }),
        eventOf({ names: ['created', 'updated', 'deleted', 'enter'], data: { oneOf: Object.keys(events).map(ref) }, id: 'last of a change' }),
        eventOf({ names: ['leave'], data: ref('Live_Leave'), id: 'last of a change' }),
        eventOf({ names: ['reset'], data: ref('Live_Reset'), id: 'always' }),
        eventOf({ names: ['close'], data: ref('Live_Close'), id: 'never' }),
      ],
    },
    Live_Stream: { type: 'string', description: STREAM_DESCRIPTION, 'x-event': ref('Live_Event') },
    Live_Subscription: subscription,
    Live_Subscriptions_Input: {
      type: 'object',
      additionalProperties: false,
      required: ['clientId', 'subscriptions'],
      properties: { clientId: { type: 'string', minLength: 1, maxLength: 100 }, subscriptions: { type: 'array', maxItems: 20, items: ref('Live_Subscription') } },
    },
    Live_Subscriptions_Envelope: envelope({
      type: 'object',
      required: ['clientId', 'subscriptions'],
      properties: { clientId: { type: 'string' }, subscriptions: { type: 'array', items: ref('Live_Subscription') } },
    }),
  };
  const lastEventId = { name: 'Last-Event-ID', in: 'header', description: 'The id of the last event received; a browser sends it on reconnect.', schema: { type: 'string', maxLength: 100 } };
  const paths: Record<string, JsonSchemaObject> = {
    [`${base}/live`]: {
      get: {
        operationId: 'openLiveStream',
        summary: 'Follow changes of documents (a stream that stays open)',
        tags: ['live'],
        security: [{}],
        parameters: [lastEventId],
        responses: { '200': { description: 'The event stream.', content: { 'text/event-stream': { schema: ref('Live_Stream') } } }, ...errors(['404', '429']) },
      },
      post: {
        operationId: 'setLiveSubscriptions',
        summary: 'Set what a stream carries',
        tags: ['live'],
        security: [{}, { appCredentials: [] }, { installToken: [] }],
        requestBody: { required: true, content: json(ref('Live_Subscriptions_Input')) },
        responses: { '200': { description: 'The subscriptions now in force.', content: json(ref('Live_Subscriptions_Envelope')) }, ...errors(['400', '401', '403', '404', '413', '415', '429', '431']) },
      },
    },
  };
  return { schemas, paths };
}
