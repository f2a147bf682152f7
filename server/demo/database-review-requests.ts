// The demo app's collection kept per store: review requests, each owned by the store (app user)
// that scheduled it, with rules that let a store list, view, change and delete only its own
// (docs/public-data-api.md, "Rules"), so the Settings tab's Rules and Try as show real owners
// on a fresh start. Three stores, the app's newest installed users (the Try as picker lists the
// newest), own a few requests each.
import type { AppContext } from '../context';
import type { DbField } from '../../generated/client/types.gen';
import { createCollection } from '../services/database/collections';
import { createDocument } from '../services/database/documents';
import { saveCollectionSchema } from '../services/database/schema';
import { setCollectionAccess } from '../services/database/public/access-rules';
import { appUsers } from '../services/developer/model';

export const REVIEW_REQUESTS = 'review-requests';
/** How many stores own requests. */
export const REQUEST_OWNERS = 3;

const FIELDS: DbField[] = [
  { displayName: 'Customer', type: 'text', validation: { required: true, maxLength: 80 } },
  { displayName: 'Email', type: 'email' },
  { displayName: 'Status', type: 'enumeration', validation: { enum: ['scheduled', 'sent', 'answered'] } },
  { displayName: 'Send on', type: 'date' },
];

/** Each store's requests: customer, status, day of March. */
const REQUESTS: [string, string, number][][] = [
  [['Ana Silva', 'answered', 3], ['Ben Okafor', 'sent', 9], ['Chloe Martin', 'scheduled', 21]],
  [['Dev Patel', 'sent', 5], ['Emma Novak', 'scheduled', 18]],
  [['Farah Haddad', 'answered', 2], ['Gus Lindqvist', 'sent', 11], ['Hana Sato', 'scheduled', 24]],
];

const OWN = { kind: 'owner' } as const;

/** The collection, its rules and each store's requests; `at` dates them an hour apart. */
export async function seedReviewRequests({ ctx, appId, at }: { ctx: AppContext; appId: string; at: (hoursAgo: number) => AppContext }): Promise<void> {
  const total = REQUESTS.flat().length;
  await createCollection({ ctx: at(total + 1), appId, name: REVIEW_REQUESTS, input: { displayName: 'Review requests' } });
  await saveCollectionSchema({ ctx, appId, name: REVIEW_REQUESTS, input: { attributes: FIELDS } });
  await setCollectionAccess({ ctx, appId, name: REVIEW_REQUESTS, access: { rules: { list: OWN, view: OWN, create: { kind: 'users' }, update: OWN, delete: OWN } } });
  const stores = await appUsers(ctx).find({ appId, status: 'installed' }, { sort: { created: -1 }, limit: REQUEST_OWNERS });
  let hoursAgo = total;
  for (const [i, store] of stores.entries()) {
    for (const [customer, status, day] of REQUESTS[i]) {
      const email = `${customer.split(' ')[0].toLowerCase()}@customers.example`;
      const input = { customer, email, status, sendOn: `2026-03-${String(day).padStart(2, '0')}` };
      await createDocument({ ctx: at(hoursAgo), appId, name: REVIEW_REQUESTS, input, view: 'owner', owner: store._id });
      hoursAgo -= 1;
    }
  }
}
