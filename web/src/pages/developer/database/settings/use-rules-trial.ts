// The "try as" request (issue 28): what one caller would list under the rules as typed, asked
// once typing pauses (not on every key), keeping the last answer on screen while the next runs.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tryCollectionRules } from '../../../../../../generated/client/sdk.gen';
import type { DataRules } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { useDebounced } from '../../../../components/data-table/use-debounced';

/** Typing pauses this long before the rules are tried. */
const TYPING_PAUSE_MS = 400;

export function useRulesTrial({ appId, name, as, rules }: { appId: string; name: string; as: string; rules: DataRules }) {
  const settled = useDebounced(rules, TYPING_PAUSE_MS);
  return useQuery({
    queryKey: ['tryCollectionRules', appId, name, as, settled],
    queryFn: async () => (await callApi(tryCollectionRules({ path: { appId, name }, body: { as, rules: settled } }))).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
