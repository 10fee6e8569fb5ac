/**
 * Parts of the page that load on demand: a lesson's player, the presentation, the course map,
 * the EX04/EX05 views, the exercise's checklist, the measured night, the statechart. Each is
 * its own chunk, fetched the first time it shows or when what opens it is pressed (and
 * precached by the service worker, so it opens offline too); the first load carries only the
 * playground.
 */
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';

/** A part's chunk did not arrive (offline before the service worker had it, a new deploy). */
class PartLoadError extends Error {
  override name = 'PartLoadError';
}

/** "Loading…" as a status, so a screen reader hears it; `hidden` keeps it out of the layout. */
export function Loading({ hidden = false }: { readonly hidden?: boolean }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={hidden ? 'visually-hidden' : 'on-demand-loading'}>
      {t('app.loading')}
    </p>
  );
}

function LoadFailed({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation();
  // Only a missing chunk is handled here; a part that breaks while rendering is the page's
  // crash (CrashFallback, with the work as a file).
  if (!(error instanceof PartLoadError)) throw error;
  return (
    <p role="alert" className="on-demand-failed">
      {t('app.loadFailed')}{' '}
      <button type="button" onClick={resetErrorBoundary}>
        {t('crash.retry')}
      </button>
    </p>
  );
}

/** A component that loads on demand, and a way to fetch it before it is shown. */
export type OnDemandPart<P> = ComponentType<P> & {
  /**
   * Fetches the part now; it resolves once the part can render at once (false if it could
   * not arrive). Called by what opens the part, so opening never shows "Loading…" and the
   * page does not shift under the pointer a moment after a click.
   */
  readonly preload: () => Promise<boolean>;
};

/**
 * A component loaded the first time it renders or is preloaded, shown as "Loading…" until it
 * arrives. `load` imports the module and picks the component
 * (`() => import('./X').then((m) => m.X)`); a failed load says so with a "Try again" that
 * fetches it anew (React.lazy would keep the failure).
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { readonly hiddenLoading?: boolean } = {},
): OnDemandPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchPart = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw new PartLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return loading;
  };
  const lazyPart = () => lazy(async () => ({ default: await fetchPart() }));
  let Part = lazyPart();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, as React.lazy is.
  function OnDemandPart(props: P) {
    // Chosen once per mount, so a part that arrives while shown is never remounted (its
    // state, a draft being typed, stays): a part already here renders at once.
    const [Arrived] = useState(() => loaded);
    const [, setAttempt] = useState(0);
    if (Arrived !== null) return <Arrived {...props} />;
    return (
      <ErrorBoundary
        FallbackComponent={LoadFailed}
        onReset={() => {
          Part = lazyPart();
          setAttempt((attempt) => attempt + 1);
        }}
      >
        <Suspense fallback={<Loading hidden={options.hiddenLoading} />}>
          <Part {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return Object.assign(OnDemandPart, {
    preload: () =>
      fetchPart().then(
        () => true,
        () => false,
      ),
  });
}
