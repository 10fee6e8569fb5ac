import { useEffect } from 'react';
import { useErrorBoundary } from 'react-error-boundary';

/** Browser noise that is not a failure of the page. */
const BENIGN = /ResizeObserver loop/;

/**
 * Errors outside rendering (an event handler, a timer, a rejected promise) reach the same
 * fallback as a broken render, so the page never goes on half-broken without offering the
 * work as a file. Renders nothing.
 */
export function UncaughtErrors() {
  const { showBoundary } = useErrorBoundary();
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (BENIGN.test(event.message)) return;
      showBoundary(event.error ?? new Error(event.message));
    };
    const onRejection = (event: PromiseRejectionEvent) => showBoundary(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [showBoundary]);
  return null;
}
