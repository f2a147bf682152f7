// How many submissions a sender and a widget may make: counted in the shared store (several
// instances), through the same shared counts as the event limits (metering/shared-counts.ts).
// Every post counts toward its address, refused ones too, so a flood stays refused; toward the
// widget only those about to be stored, so strangers' bad posts cannot close an owner's form.
import type { AppContext } from '../../context';
import type { IndexSpec } from '../../storage/port';
import type { AddressKey } from '../../http/client-address';
import type { SharedCount } from '../metering/shared-counts';
import { addCount } from '../metering/shared-counts';
import { TooManyRequestsError } from '../../http/errors';
import { SUBMISSION_MESSAGES } from './model';

/** The limits, in one place (openapi/widget-submissions.yaml states them). */
export const SUBMISSION_LIMITS = { perAddressPerMinute: 5, perAddressPerDay: 20, perWidgetPerDay: 200 } as const;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** One collection per window size: shared counts keep their tallies by collection. */
export const SUBMISSION_MINUTES = 'widgetSubmissionMinutes';
export const SUBMISSION_DAYS = 'widgetSubmissionDays';

/** Documents `{key, window, count}` per key ("address:…", "widget:…"), window and process; swept once the window is over. */
const counted = ({ collection, size }: { collection: string; size: number }): SharedCount => {
  const windowOf = (now: Date): number => Math.floor(now.getTime() / size);
  return { collection, periodOf: windowOf, fieldsOf: (key, window) => ({ key, window }), expired: (now) => ({ window: { $lt: windowOf(now) - 1 } }) };
};

const MINUTES = counted({ collection: SUBMISSION_MINUTES, size: MINUTE_MS });
const DAYS = counted({ collection: SUBMISSION_DAYS, size: DAY_MS });

export const submissionWindowIndexes: IndexSpec[] = [SUBMISSION_MINUTES, SUBMISSION_DAYS].flatMap((collection): IndexSpec[] => [
  { collection, fields: { key: 1, window: 1 } },
  { collection, fields: { window: 1 } },
]);

const secondsLeft = (now: Date, size: number): number => Math.max(1, Math.ceil((size - (now.getTime() % size)) / 1000));

/** Counts the post toward its address; past either limit: 429 with the seconds to wait. */
export async function addressLimit({ ctx, address }: { ctx: AppContext; address: AddressKey }): Promise<void> {
  const [minute, day] = await Promise.all([
    addCount({ ctx, shared: MINUTES, key: `address:${address}`, add: 1 }),
    addCount({ ctx, shared: DAYS, key: `address:${address}`, add: 1 }),
  ]);
  if (minute > SUBMISSION_LIMITS.perAddressPerMinute) throw new TooManyRequestsError(SUBMISSION_MESSAGES.tooManyFromAddress, secondsLeft(ctx.now(), MINUTE_MS));
  if (day > SUBMISSION_LIMITS.perAddressPerDay) throw new TooManyRequestsError(SUBMISSION_MESSAGES.tooManyFromAddress, secondsLeft(ctx.now(), DAY_MS));
}

/** Counts a submission about to be stored toward its widget's day. */
export async function widgetLimit({ ctx, widgetId }: { ctx: AppContext; widgetId: string }): Promise<void> {
  const day = await addCount({ ctx, shared: DAYS, key: `widget:${widgetId}`, add: 1 });
  if (day > SUBMISSION_LIMITS.perWidgetPerDay) throw new TooManyRequestsError(SUBMISSION_MESSAGES.tooManyForWidget, secondsLeft(ctx.now(), DAY_MS));
}
