import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function DefaultFallback({ reset }: { reset: () => void }) {
  const { t } = useTranslation('ui');
  return (
    <div role="alert" className="ui-error-boundary">
      <h2 className="sds--text--h4">{t('errorBoundary.title')}</h2>
      <p>{t('errorBoundary.text')}</p>
      <button type="button" className="sds--btn sds--btn--secondary" onClick={reset}>
        {t('errorBoundary.retry')}
      </button>
    </div>
  );
}

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** What to show instead of the failed children; default a translated message with a retry button. */
  fallback?: (error: Error, reset: () => void) => ReactNode;
  /** When any of these change, the boundary starts over (e.g. the route, or a remote's retry count). */
  resetKeys?: unknown[];
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
  keys: unknown[];
}

function changed(a: unknown[], b: unknown[]): boolean {
  return a.length !== b.length || a.some((value, index) => !Object.is(value, b[index]));
}

/** Keeps a failure in one part of the page from blanking the whole console. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, keys: this.props.resetKeys ?? [] };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    const keys = props.resetKeys ?? [];
    if (changed(keys, state.keys)) return { keys, error: state.error && null };
    return null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(error, this.reset)
    ) : (
      <DefaultFallback reset={this.reset} />
    );
  }
}
