import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { ScrollToTop } from './scroll-to-top';

const UpdatePrompt = lazy(() => import('./update-prompt'));

/** Everything the whole app sits inside: router, scroll reset, error screen, update prompt. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <BrowserRouter>
        <ScrollToTop />
        <AppErrorBoundary>{children}</AppErrorBoundary>
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      </BrowserRouter>
    </StrictMode>
  );
}
