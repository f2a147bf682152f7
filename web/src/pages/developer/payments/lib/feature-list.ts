// Saving the features list (PUT, the whole list) from a popup that edits one of them: the
// server answers field errors by list position ('2.name'); the popup shows those of its own.
import { saveFeatures } from '../../../../../../generated/client/sdk.gen';
import type { Feature, FeatureInput } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { ApiError, toFormFailure } from '../../../../../../forms/server-errors';

export const toFeatureInput = ({ id, displayName, name, description, type, value, meta }: Feature): FeatureInput => ({ id, displayName, name, description, type, value, meta });

export async function saveFeatureList({ appId, features, at }: { appId: string; features: FeatureInput[]; at?: number }) {
  try {
    return await callApi(saveFeatures({ path: { appId }, body: features }));
  } catch (thrown) {
    const failure = toFormFailure(thrown);
    const prefix = `${at}.`;
    const own = Object.entries(failure.fieldErrors).filter(([path]) => at !== undefined && path.startsWith(prefix));
    throw new ApiError({ ...failure, fieldErrors: Object.fromEntries(own.map(([path, message]) => [path.slice(prefix.length), message])) });
  }
}
