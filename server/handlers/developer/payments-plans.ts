import type {
  CreatePlanData,
  CreatePlanResponse,
  DeletePlanData,
  DeletePlanResponse,
  GetPlanData,
  GetPlanResponse,
  ListPlansData,
  ListPlansResponse,
  UpdatePlanData,
  UpdatePlanResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as plans from '../../services/payments/plans';

const PLAN_SAVED = 'Plan saved';

export const listPlans = handler<ListPlansData, ListPlansResponse>(async ({ ctx, req, path }) => ({
  data: await plans.listPlans({ ctx, userId: requireUserId(req), appId: path.appId }),
}));

export const createPlan = handler<CreatePlanData, CreatePlanResponse>(async ({ ctx, req, path, body }) => ({
  data: await plans.createPlan({ ctx, userId: requireUserId(req), appId: path.appId, input: body }),
  message: PLAN_SAVED,
  status: 201,
}));

export const getPlan = handler<GetPlanData, GetPlanResponse>(async ({ ctx, req, path }) => ({
  data: await plans.getPlan({ ctx, userId: requireUserId(req), appId: path.appId, planId: path.planId }),
}));

export const updatePlan = handler<UpdatePlanData, UpdatePlanResponse>(async ({ ctx, req, path, body }) => ({
  data: await plans.updatePlan({ ctx, userId: requireUserId(req), appId: path.appId, planId: path.planId, input: body }),
  message: PLAN_SAVED,
}));

export const deletePlan = handler<DeletePlanData, DeletePlanResponse>(async ({ ctx, req, path }) => {
  await plans.deletePlan({ ctx, userId: requireUserId(req), appId: path.appId, planId: path.planId });
  return { data: null, message: 'Plan deleted' };
});
