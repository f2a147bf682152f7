// The route table: every screen of the product, each loaded lazily so that a page
// only pulls in what it uses (the login page never loads AG Grid or ECharts).
import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/user/dashboard" replace /> },
  { path: '/login', lazy: page(() => import('./pages/auth/LoginPage')) },
  { path: '*', element: <Navigate to="/user/dashboard" replace /> },
];

export const router = createBrowserRouter(routes);
