import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../../lib/error-reporting';

/**
 * A section read by few, whose code and texts download as Settings shows it. React keeps a lazy
 * component's failed download for good, so a failure puts a new one in its place: the next
 * render (SectionsLoadedApart's retry) downloads again.
 */
export function lazySection(load: () => Promise<ComponentType>): ComponentType {
  const fresh = () =>
    lazy(() =>
      load().then(
        (Section) => ({ default: Section }),
        (error: unknown) => {
          current = fresh();
          throw error;
        },
      ),
    );
  let current = fresh();
  return function Section() {
    const Current = current;
    return <Current />;
  };
}

interface State {
  failed: boolean;
  attempt: number;
}

/**
 * Sections downloaded apart (lazySection): one that cannot download, the connection lost while
 * Settings opened, leaves its place empty rather than the page broken, and is tried again once the
 * browser is back online. A failure while online is a bug, and reported.
 */
export class SectionsLoadedApart extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (navigator.onLine) reportError(error, { area: 'settings sections', componentStack: info.componentStack });
  }

  private readonly retry = () => {
    if (this.state.failed) this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }));
  };

  override render() {
    return this.state.failed ? null : (
      <Suspense key={this.state.attempt} fallback={null}>
        {this.props.children}
      </Suspense>
    );
  }
}
