// Profile details of the signed-in user's own account (POST /api/user).
import type { AccountProfileBody } from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import type { FieldErrors } from '../../http/errors';
import { throwIfAny } from '../developer/validate';
import { isImageUrl } from '../../../rules/url-patterns';
import { updateUser, users } from '../accounts/users';
import type { UserDoc } from '../accounts/users';

export const PROFILE_UPDATED = 'Account details updated';
export const FULL_NAME_LENGTH = 'Full name must be between 3 and 120 characters';
export const THUMBNAIL_INVALID = 'Profile picture must be a valid URL';

function validate({ fullName, thumbnail }: { fullName?: string; thumbnail?: string }): FieldErrors {
  const errors: FieldErrors = {};
  // The schema counts untrimmed characters; "   ab" must not pass as a 3-character name.
  if (fullName !== undefined && (fullName.length < 3 || fullName.length > 120)) errors.fullName = FULL_NAME_LENGTH;
  if (thumbnail && !isImageUrl(thumbnail)) errors.thumbnail = THUMBNAIL_INVALID;
  return errors;
}

export async function updateProfile({ ctx, userId, input }: { ctx: AppContext; userId: string; input: AccountProfileBody }): Promise<UserDoc> {
  // Declared fields without a rule (the mail choices...) are stored as sent.
  const { fullName: fullNameInput, thumbnail: thumbnailInput, ...plain } = input;
  const fullName = fullNameInput?.trim();
  const thumbnail = thumbnailInput?.trim();
  throwIfAny(validate({ fullName, thumbnail }));
  const set: Partial<UserDoc> = { ...plain, ...(fullName !== undefined ? { fullName } : {}) };
  const user =
    thumbnail === ''
      ? await users(ctx).findOneAndUpdate({ _id: userId }, { $set: { ...set, updated: ctx.now().toISOString() }, $unset: { thumbnail: 1 } })
      : await updateUser({ ctx, id: userId, set: { ...set, ...(thumbnail ? { thumbnail } : {}) } });
  if (!user) throw new NotFoundError('User not found');
  return user;
}
