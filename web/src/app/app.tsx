import type { ComponentType, ReactNode } from 'react';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

interface AppProps {
  /** The router: the browser's by default; the prerenderer passes a StaticRouter at a fixed URL. */
  Router?: ComponentType<{ children: ReactNode }>;
}

export function App({ Router }: AppProps) {
  return (
    <AppProvider Router={Router}>
      <AppRoutes />
    </AppProvider>
  );
}
