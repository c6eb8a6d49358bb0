/**
 * A page whose code is its own chunk, fetched by `import()` the first time it is shown, so the first load of the
 * client carries none of it (docs/web.md, "Size"). Until the chunk has come, "One moment…".
 */
import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { strings } from './strings';

export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): FunctionComponent<Props> {
  let loaded: ComponentType<Props> | null = null;
  return function LazyPage(props: Props) {
    const [Page, setPage] = useState<{ component: ComponentType<Props> } | null>(
      loaded === null ? null : { component: loaded },
    );
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Page !== null) return undefined;
      let current = true;
      load().then(
        (component) => {
          loaded = component;
          if (current) setPage({ component });
        },
        // A chunk that did not come (the server away, a new release meanwhile): said, rather than left spinning.
        () => current && setFailed(true),
      );
      return () => void (current = false);
    }, []);
    if (failed)
      return (
        <p class="error" role="alert" data-testid="page-load-failed">
          {strings().pageLoadFailed}
        </p>
      );
    if (Page === null)
      return (
        <p class="muted" data-testid="page-loading">
          {strings().working}
        </p>
      );
    return <Page.component {...props} />;
  };
}
