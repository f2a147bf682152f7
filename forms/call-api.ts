// Calls a generated SDK function and gives back the success envelope, or throws an
// ApiError carrying the failed envelope's message and fieldErrors (what SchemaForm shows).
import { ApiError, toFormFailure } from './server-errors';

type SdkResult<TData> = { data?: TData; error?: unknown; response?: Response };

export async function callApi<TData>(request: Promise<SdkResult<TData>> | SdkResult<TData>): Promise<TData> {
  let result: SdkResult<TData>;
  try {
    result = await request;
  } catch (thrown) {
    throw new ApiError(toFormFailure(thrown));
  }
  if (result.error !== undefined || result.data === undefined) {
    throw new ApiError({ ...toFormFailure(result.error), status: result.response?.status });
  }
  return result.data;
}
