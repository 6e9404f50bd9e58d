/** Renderer entry: one query client for host-owned data, then the shell. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './components/App.js';
import { call, callKey, EMPTY } from './api/client.js';
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

// What the first screen shows (the shell's settings and profiles, the Chat tab's conversations) is
// asked for now, under the keys its `useCall`s read, so the answers travel while React renders
// instead of after; it saves a round trip from every start-up (bench/startup.ts).
for (const method of ['settings.get', 'profiles.list', 'chat.list'] as const) {
  void queryClient.prefetchQuery({ queryKey: callKey(method, EMPTY), queryFn: () => call(method, EMPTY) });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
