// The buyer as the payment provider and the mails know them.
import type { AppContext } from '../../../context';
import { UnauthorizedError } from '../../../http/errors';
import { findUserById } from '../../accounts/users';
import type { UserDoc } from '../../accounts/users';
import type { BillingCustomer } from '../providers/port';

export async function buyer({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<{ user: UserDoc; customer: BillingCustomer }> {
  const user = await findUserById({ ctx, id: userId });
  if (!user) throw new UnauthorizedError();
  return { user, customer: { userId, email: user.email, name: user.fullName || user.email } };
}
