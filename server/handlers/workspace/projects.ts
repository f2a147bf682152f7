import type {
  CreateProjectData,
  CreateProjectResponse,
  DeleteProjectData,
  DeleteProjectResponse,
  GetPlanFeaturesData,
  GetPlanFeaturesResponse,
  GetProjectData,
  GetProjectResponse,
  GetViewsUsageData,
  GetViewsUsageResponse,
  ListProjectsData,
  ListProjectsResponse,
  ListSharedProjectsData,
  ListSharedProjectsResponse,
  UpdateProjectData,
  UpdateProjectResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { planFeaturesFor } from '../../services/workspace/plan-features';
import * as projects from '../../services/workspace/projects';
import { viewsUsageOf } from '../../services/workspace/views-usage';

export const listProjects = handler<ListProjectsData, ListProjectsResponse>(async ({ ctx, req, query }) => ({
  data: await projects.listProjects({ ctx, userId: requireUserId(req), search: query?.search }),
}));

export const listSharedProjects = handler<ListSharedProjectsData, ListSharedProjectsResponse>(async ({ ctx, req, query }) => ({
  data: await projects.listSharedProjects({ ctx, userId: requireUserId(req), search: query?.search }),
}));

export const createProject = handler<CreateProjectData, CreateProjectResponse>(async ({ ctx, req, body }) => ({
  data: await projects.createProject({ ctx, userId: requireUserId(req), input: body }),
  message: 'Project created',
  status: 201,
}));

export const getProject = handler<GetProjectData, GetProjectResponse>(async ({ ctx, req, path }) => ({
  data: await projects.getProject({ ctx, userId: requireUserId(req), projectId: path.projectId }),
}));

export const updateProject = handler<UpdateProjectData, UpdateProjectResponse>(async ({ ctx, req, path, body }) => ({
  data: await projects.updateProject({ ctx, userId: requireUserId(req), projectId: path.projectId, input: body }),
  message: 'Project settings saved',
}));

export const deleteProject = handler<DeleteProjectData, DeleteProjectResponse>(async ({ ctx, req, path }) => {
  await projects.deleteProject({ ctx, userId: requireUserId(req), projectId: path.projectId });
  return { data: null, message: 'Project deleted' };
});

export const getPlanFeatures = handler<GetPlanFeaturesData, GetPlanFeaturesResponse>(async ({ ctx, req, query }) => ({
  data: await planFeaturesFor({ ctx, userId: requireUserId(req), serviceName: query?.serviceName, projectId: query?.projectId }),
}));

export const getViewsUsage = handler<GetViewsUsageData, GetViewsUsageResponse>(async ({ ctx, req }) => ({
  data: await viewsUsageOf({ ctx, userId: requireUserId(req) }),
}));
