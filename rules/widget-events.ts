// Widget events (issue 10, spec 003 section 3): what the embed runtime may send and how one
// event is judged. Shared by the ingestion, which refuses bad events one by one, and the runtime.
import { WidgetEngagementSubtypeSchema } from '../generated/schemas/WidgetEngagementSubtype';
import { WidgetEventTypeSchema } from '../generated/schemas/WidgetEventType';

// The lists are the document's enums (openapi/widget-events.yaml), so the two cannot drift.
export const WIDGET_EVENT_TYPES = WidgetEventTypeSchema.schema.enum;
export type WidgetEventType = (typeof WIDGET_EVENT_TYPES)[number];

export const ENGAGEMENT_SUBTYPES = WidgetEngagementSubtypeSchema.schema.enum;
export type EngagementSubtype = (typeof ENGAGEMENT_SUBTYPES)[number];

/** Engagement subtypes counted as conversions in the summary; every other one is an interaction. */
export const CONVERSION_SUBTYPES: readonly EngagementSubtype[] = ['conversion', 'vote-signup', 'participant-signup'];

export const EVENTS_PER_BATCH = 50;
const MAX_AGE_MS = 48 * 60 * 60 * 1000;
const MAX_AHEAD_MS = 5 * 60 * 1000;
const HOST = /^[a-z0-9.\-:[\]]{1,253}$/;
const GUID = /^[A-Za-z0-9_-]{1,64}$/;
const VALUE_MAX = 200;

/** A checked event; subtype is '' for the types that have none. */
export interface WidgetEvent {
  widgetId: string;
  type: WidgetEventType;
  subtype: EngagementSubtype | '';
  host: string;
  at: Date;
  /** The answer of a vote, when the runtime sent one. */
  value?: string;
}

export type EventCheck = { ok: true; event: WidgetEvent } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);
const refuse = (reason: string): EventCheck => ({ ok: false, reason });

function checkSubtype(type: WidgetEventType, subtype: unknown): EventCheck | EngagementSubtype | '' {
  if (type !== 'engagement') return subtype === undefined ? '' : refuse(`subtype is only for engagement events, not ${type}`);
  if (subtype === undefined) return refuse('subtype is required for engagement events');
  return oneOf(ENGAGEMENT_SUBTYPES, subtype) ? subtype : refuse(`subtype must be one of ${ENGAGEMENT_SUBTYPES.join(', ')}`);
}

function checkAt(at: unknown, now: Date): EventCheck | Date {
  if (at === undefined) return now;
  const time = typeof at === 'string' ? Date.parse(at) : NaN;
  if (Number.isNaN(time)) return refuse('at must be a date-time such as 2024-05-01T12:00:00Z');
  if (time < now.getTime() - MAX_AGE_MS || time > now.getTime() + MAX_AHEAD_MS) return refuse('at must be within the last 48 hours');
  return new Date(time);
}

function checkValue(subtype: EngagementSubtype | '', value: unknown): EventCheck | string | undefined {
  if (value === undefined) return undefined;
  if (subtype !== 'vote') return refuse('value is only for vote engagement events');
  if (typeof value !== 'string' || value.length === 0 || value.length > VALUE_MAX) return refuse(`value must be an answer of 1 to ${VALUE_MAX} characters`);
  return value;
}

/** Judges one raw event; the reason names the first field at fault. */
export function checkWidgetEvent({ raw, now }: { raw: unknown; now: Date }): EventCheck {
  if (!isRecord(raw)) return refuse('an event must be an object');
  const { widgetId, type, subtype, host, at, value } = raw;
  if (typeof widgetId !== 'string' || !GUID.test(widgetId)) return refuse('widgetId must be a widget ID');
  if (!oneOf(WIDGET_EVENT_TYPES, type)) return refuse(`type must be one of ${WIDGET_EVENT_TYPES.join(', ')}`);
  const checkedSubtype = checkSubtype(type, subtype);
  if (typeof checkedSubtype === 'object') return checkedSubtype;
  const lowerHost = typeof host === 'string' ? host.toLowerCase() : '';
  if (!HOST.test(lowerHost)) return refuse('host must be a host name such as example.com');
  const checkedAt = checkAt(at, now);
  if (!(checkedAt instanceof Date)) return checkedAt;
  const checkedValue = checkValue(checkedSubtype, value);
  if (typeof checkedValue === 'object') return checkedValue;
  return { ok: true, event: { widgetId, type, subtype: checkedSubtype, host: lowerHost, at: checkedAt, ...(checkedValue === undefined ? {} : { value: checkedValue }) } };
}

export const EVENT_MESSAGES = {
  unknownWidget: 'no widget has this widgetId',
  notAPoll: 'value is only for the votes of a poll, and this widget is not one',
  unknownAnswer: "value must be one of the poll's answers",
  otherSite: "the widget's project accepts events only from pages on its domain",
  tooManyForAddress: (max: number): string => `Too many events: one address may send ${max.toLocaleString('en-US')} events a minute`,
  tooManyForWidget: (max: number): string => `Too many events: one widget may receive ${max.toLocaleString('en-US')} events a minute`,
} as const;
