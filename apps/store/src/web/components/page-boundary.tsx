import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page.tsx';
import { Loading } from './query-state.tsx';

interface PageBoundaryProps {
  /** The page's address: another one starts afresh, so leaving a failed page recovers. */
  resetKey: string;
  children: ReactNode;
}

interface PageBoundaryState {
  resetKey: string;
  hasFailed: boolean;
}

class PageErrorBoundary extends Component<PageBoundaryProps, PageBoundaryState> {
  override state: PageBoundaryState = { resetKey: this.props.resetKey, hasFailed: false };

  static getDerivedStateFromProps(props: PageBoundaryProps, state: PageBoundaryState) {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, hasFailed: false };
  }

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A Store page failed', error, info.componentStack);
  }

  override render() {
    return this.state.hasFailed ? <ErrorPage status={500} /> : this.props.children;
  }
}

/**
 * A page loaded on demand: a spinner while its code arrives, and the spec's "Sorry, something went
 * wrong." rather than a blank screen when that code cannot load (a newer deployment replaced it)
 * or the page throws.
 */
export function PageBoundary({ resetKey, children }: PageBoundaryProps) {
  return (
    <PageErrorBoundary resetKey={resetKey}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
