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
    useEffect(() => {
      if (Page !== null) return undefined;
      let current = true;
      void load().then((component) => {
        loaded = component;
        if (current) setPage({ component });
      });
      return () => void (current = false);
    }, []);
    if (Page === null)
      return (
        <p class="muted" data-testid="page-loading">
          {strings().working}
        </p>
      );
    return <Page.component {...props} />;
  };
}
