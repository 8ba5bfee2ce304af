import { lazy, StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { useOnboardingOutbox } from './onboarding-outbox';
import { ScrollToTop } from './scroll-to-top';

const UpdatePrompt = lazy(() => import('./update-prompt'));

/** Everything the whole app sits inside: router, scroll reset, error screen, update prompt, and the onboarding outbox's sender. */
export function AppProvider({
  children,
  Router = BrowserRouter,
}: {
  children: ReactNode;
  Router?: ComponentType<{ children: ReactNode }> | undefined;
}) {
  useOnboardingOutbox();
  return (
    <StrictMode>
      <Router>
        <ScrollToTop />
        <AppErrorBoundary>{children}</AppErrorBoundary>
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      </Router>
    </StrictMode>
  );
}
