import { Component, type ReactNode } from 'react';
import { AppFailure } from './app-failure';

/**
 * Catches a screen's render failure or a chunk that failed to load (for example after a deploy);
 * retrying reloads the page so that fresh chunks are fetched.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <AppFailure onRetry={() => window.location.reload()} /> : this.props.children;
  }
}
