import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { queryClient } from './api';
import { routes } from './routes';
import { toElementRoutes } from './element-routes';
import { Toasts } from './components/Toasts';
import './styles.css';

const elementRoutes = toElementRoutes(routes);

function App() {
  return useRoutes(elementRoutes);
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
      <Toasts />
    </QueryClientProvider>
  </StrictMode>,
);
