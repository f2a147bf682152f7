// Demo accounts: a confirmed site owner (who pays for All-in-One Pro: server/demo/billing.ts), a
// confirmed site owner on the free plan (its limits: one website, 300 views a month), and a
// confirmed developer with a developer profile. Idempotent: existing accounts are kept as they are.
import type { AppContext } from '../context';
import { becomeDeveloper } from '../services/accounts/developers';
import { hashPassword } from '../services/accounts/passwords';
import { findUserByEmail, insertUser } from '../services/accounts/users';
import type { UserDoc } from '../services/accounts/users';

export const DEMO_OWNER = { email: 'owner@demo.nindo', password: 'nindo-demo-owner', fullName: 'Demo Owner' };
export const DEMO_FREE_OWNER = { email: 'free@demo.nindo', password: 'nindo-demo-free', fullName: 'Demo Free Owner' };
export const DEMO_DEVELOPER = { email: 'developer@demo.nindo', password: 'nindo-demo-developer', fullName: 'Demo Developer' };

async function ensureUser({ ctx, email, password, fullName }: { ctx: AppContext } & typeof DEMO_OWNER): Promise<UserDoc> {
  const existing = await findUserByEmail({ ctx, email });
  if (existing) return existing;
  return insertUser({ ctx, email, fullName, passwordHash: await hashPassword(password), isConfirmed: true });
}

export async function seedAccounts(ctx: AppContext): Promise<string[]> {
  await ensureUser({ ctx, ...DEMO_OWNER });
  await ensureUser({ ctx, ...DEMO_FREE_OWNER });
  const developer = await ensureUser({ ctx, ...DEMO_DEVELOPER });
  await becomeDeveloper({ ctx, userId: developer._id });
  return [
    'Demo accounts:',
    `  site owner  ${DEMO_OWNER.email} / ${DEMO_OWNER.password}  (log in at /login; pays for All-in-One Pro)`,
    `  free plan   ${DEMO_FREE_OWNER.email} / ${DEMO_FREE_OWNER.password}  (log in at /login; the free plan's limits: one website, 300 views a month)`,
    `  developer   ${DEMO_DEVELOPER.email} / ${DEMO_DEVELOPER.password}  (log in at /developer/login)`,
  ];
}
