// The fold's part of counting people (people.ts): which of the logged sightings and ballots are
// new people, within their address's cap, and what they add to the daily counters, the month's
// views and the polls' results. One atomic write per widget, visitor and day (not per event: the
// log already holds each once per batch group) and one per address, widget and day for all kinds.
import type { AppContext } from '../../context';
import { DuplicateKeyError } from '../../storage/port';
import type { LoggedCount } from './event-log';
import { inSlices } from './in-slices';
import { addressCounts, ballotId, ballots, PER_ADDRESS_PER_DAY, sightingId, visits } from './people';
import type { LoggedBallot, LoggedSighting, SightingKind } from './people';

export interface PeopleCounted {
  counts: LoggedCount[];
  views: { widgetId: string; count: number }[];
  /** Changes to the polls' results; a changed vote takes one from its earlier answer. */
  votes: { widgetId: string; option: string; count: number }[];
}

/** An upsert that two writers of a new _id may race on: the loser's DuplicateKeyError means the document now exists, so once more finds it. */
async function upsert<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    return write();
  }
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

type CapKind = SightingKind | 'ballot';

/**
 * The items whose address has not yet brought its cap of new people of their kind to the widget
 * that day. One write per address, widget and day raises every kind's count by all its items
 * (counted or not) and reads the totals back.
 */
async function withinAddressCap<T extends { address: string; widgetId: string; day: string }>({ ctx, items, kindOf }: { ctx: AppContext; items: T[]; kindOf: (item: T) => CapKind }): Promise<T[]> {
  const allowed: T[] = [];
  const groups = groupBy(items, ({ address, widgetId, day }) => `${address}|${widgetId}|${day}`);
  await inSlices(
    [...groups].map(([_id, group]) => async () => {
      const byKind = groupBy(group, kindOf);
      const raise = Object.fromEntries([...byKind].map(([kind, ofKind]) => [kind, ofKind.length]));
      const after = await upsert(() => addressCounts(ctx).findOneAndUpdate({ _id }, { $inc: raise, $setOnInsert: { day: group[0]?.day } }, { upsert: true, returnDocument: 'after' }));
      for (const [kind, ofKind] of byKind) {
        const before = (after?.[kind as CapKind] ?? ofKind.length) - ofKind.length;
        allowed.push(...ofKind.slice(0, Math.max(0, PER_ADDRESS_PER_DAY[kind as CapKind] - before)));
      }
    }),
  );
  return allowed;
}

const counterOf = ({ widgetId, host, day, kind }: LoggedSighting): LoggedCount => ({
  widgetId,
  host,
  day,
  type: kind === 'vote' ? 'engagement' : kind,
  subtype: kind === 'vote' ? 'vote' : '',
  count: 1,
});

/** Marks each visit (widget, visitor, day) with its kinds in one write, and keeps the sightings it had not yet been counted for. */
async function firstSightings({ ctx, sightings }: { ctx: AppContext; sightings: LoggedSighting[] }): Promise<LoggedSighting[]> {
  const unique = [...new Map(sightings.map((sighting) => [sightingId(sighting), sighting])).values()];
  const fresh: LoggedSighting[] = [];
  const groups = groupBy(unique, ({ widgetId, visitor, day }) => `${widgetId}|${visitor}|${day}`);
  await inSlices(
    [...groups].map(([_id, group]) => async () => {
      const [{ widgetId, day } = { widgetId: '', day: '' }] = group;
      const kinds = Object.fromEntries(group.map(({ kind }) => [kind, true]));
      const before = await upsert(() => visits(ctx).findOneAndUpdate({ _id }, { $set: kinds, $setOnInsert: { widgetId, day } }, { upsert: true, returnDocument: 'before' }));
      fresh.push(...group.filter(({ kind }) => before?.[kind] !== true));
    }),
  );
  return fresh;
}

async function countSightings({ ctx, sightings }: { ctx: AppContext; sightings: LoggedSighting[] }): Promise<Pick<PeopleCounted, 'counts' | 'views'>> {
  const fresh = await firstSightings({ ctx, sightings });
  const counted = await withinAddressCap({ ctx, items: fresh, kindOf: ({ kind }) => kind });
  const views = groupBy(
    counted.filter(({ kind }) => kind === 'view'),
    ({ widgetId }) => widgetId,
  );
  return { counts: counted.map(counterOf), views: [...views].map(([widgetId, items]) => ({ widgetId, count: items.length })) };
}

const READ_PAGE = 500;

async function votersAmong({ ctx, ids }: { ctx: AppContext; ids: string[] }): Promise<Set<string>> {
  const voted = new Set<string>();
  for (let start = 0; start < ids.length; start += READ_PAGE) {
    for (const doc of await ballots(ctx).find({ _id: { $in: ids.slice(start, start + READ_PAGE) } })) voted.add(doc._id);
  }
  return voted;
}

async function countBallots({ ctx, logged }: { ctx: AppContext; logged: LoggedBallot[] }): Promise<PeopleCounted['votes']> {
  const latest = new Map<string, LoggedBallot>();
  for (const ballot of logged) if ((latest.get(ballotId(ballot))?.at ?? '') <= ballot.at) latest.set(ballotId(ballot), ballot);
  const deltas = new Map<string, { widgetId: string; option: string; count: number }>();
  const add = (widgetId: string, option: string, count: number): void => {
    const entry = deltas.get(`${widgetId}|${option}`) ?? { widgetId, option, count: 0 };
    entry.count += count;
    deltas.set(`${widgetId}|${option}`, entry);
  };
  const cast = ({ widgetId, option }: LoggedBallot, earlier: string | undefined): void => {
    if (earlier === option) return;
    if (earlier !== undefined) add(widgetId, earlier, -1);
    add(widgetId, option, 1);
  };
  // Which voters were counted before, read for all at once: only a hint (a ballot is never deleted,
  // so a voter seen stays one; one unseen may arrive meanwhile), as each write below returns the
  // document before it and counts from that.
  const voted = await votersAmong({ ctx, ids: [...latest.keys()] });
  const newcomers = [...latest.values()].filter((ballot) => !voted.has(ballotId(ballot)));
  const allowed = await withinAddressCap({ ctx, items: newcomers, kindOf: () => 'ballot' });
  await inSlices(
    [...latest.values()].filter((ballot) => voted.has(ballotId(ballot))).map((ballot) => async () => {
      const earlier = await ballots(ctx).findOneAndUpdate({ _id: ballotId(ballot) }, { $set: { option: ballot.option, at: ballot.at } }, { returnDocument: 'before' });
      if (earlier) cast(ballot, earlier.option);
    }),
  );
  await inSlices(
    allowed.map((ballot) => async () => {
      const { widgetId, option, at } = ballot;
      const earlier = await upsert(() => ballots(ctx).findOneAndUpdate({ _id: ballotId(ballot) }, { $set: { option, at }, $setOnInsert: { widgetId } }, { upsert: true, returnDocument: 'before' }));
      cast(ballot, earlier?.option);
    }),
  );
  return [...deltas.values()].filter(({ count }) => count !== 0);
}

/** What the log's sightings and ballots add, once each person is counted once. */
export async function countPeople({ ctx, sightings, logged }: { ctx: AppContext; sightings: LoggedSighting[]; logged: LoggedBallot[] }): Promise<PeopleCounted> {
  const { counts, views } = await countSightings({ ctx, sightings });
  return { counts, views, votes: await countBallots({ ctx, logged }) };
}
