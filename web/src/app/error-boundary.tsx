import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  children: ReactNode;
  /** When this changes (the visitor navigates away), the boundary tries rendering again. */
  resetKey: string;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

/** "404 Not Found" for an error carrying an HTTP status, else the error's message. */
function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const { status, statusText, message } = error as { status?: unknown; statusText?: unknown; message?: unknown };
    if (typeof status === 'number') return `${status} ${typeof statusText === 'string' ? statusText : ''}`.trim();
    if (typeof message === 'string' && message) return message;
  }
  return typeof error === 'string' && error ? error : 'Unknown error';
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.failedAt === props.resetKey ? null : { failedAt: props.resetKey };
    if (state.failedAt !== props.resetKey) return { error: null, failedAt: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const stack = import.meta.env.DEV && this.state.error instanceof Error ? this.state.error.stack : undefined;
    return (
      <main id="main" className="error-screen">
        <h1>Unexpected Application Error!</h1>
        <p className="error-screen__message">{describe(this.state.error)}</p>
        {stack && <pre className="error-screen__stack">{stack}</pre>}
        <div className="actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="button button--secondary" href="/">
            Return to Home
          </a>
        </div>
      </main>
    );
  }
}

/** Catches render errors anywhere below and shows the spec's default error screen. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
