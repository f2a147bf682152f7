// The payments data the screens share, from the generated TanStack Query options.
import { useQuery } from '@tanstack/react-query';
import {
  getPlanOptions,
  listFeaturesOptions,
  listPlanConnectionsOptions,
  listPlansOptions,
} from '../../../../../../generated/client/@tanstack/react-query.gen';

export const usePlans = (appId: string) => useQuery(listPlansOptions({ path: { appId } }));
export const useFeatures = (appId: string) => useQuery(listFeaturesOptions({ path: { appId } }));
export const usePlan = ({ appId, planId }: { appId: string; planId: string }) => useQuery(getPlanOptions({ path: { appId, planId } }));
export const usePlanConnections = ({ appId, planId }: { appId: string; planId: string }) =>
  useQuery(listPlanConnectionsOptions({ path: { appId, planId } }));
