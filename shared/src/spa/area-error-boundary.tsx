import { Component, type ReactNode } from 'react';
import { AreaFallback } from './area-fallback';

interface Props {
  area: string;
  children: ReactNode;
}
interface State {
  error: Error | null;
  attempt: number;
}

/** Catches a remote's render errors so one broken area never takes the page down; Retry re-renders. */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <AreaFallback
          area={this.props.area}
          detail={this.state.error.message}
          onRetry={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))}
        />
      );
    }
    // The key forces a fresh subtree on retry so state that led to the error is dropped.
    return <AreaKey key={this.state.attempt}>{this.props.children}</AreaKey>;
  }
}

function AreaKey({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
