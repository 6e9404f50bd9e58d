/** Renderer entry: one query client for host-owned data, then the shell. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './components/App.js';
import './components/theme.css';
import './components/shell.css';
import './components/controls.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // Host events push every change (DESIGN §5: nothing polls while idle), and the host already
    // applies the gateway retry rules, so the renderer neither refetches on its own nor retries.
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
    mutations: { retry: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
