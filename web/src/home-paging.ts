/**
 * How much the home page reads at once (docs/web.md "Home"). It has no imports, so a browser test can rely on
 * the same numbers the page uses.
 */

/** Active and waiting games and invitations are read in pages of this size, page after page until the last. */
export const HOME_PAGE_SIZE = 20;

/** Finished games shown: only the newest this many (and as many called-off ones); the rest are in my history. */
export const HOME_RECENT_FINISHED = 20;

/** A page of a connection as the home page asks for it. */
export interface Connection<T> {
  readonly edges: readonly { readonly node: T }[];
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
}

/**
 * Every node of `first` and of the pages after it, read with `next(after)` until a page says it is the last.
 * The lists are keyset pages (docs/api/games-and-moves.md#games, "Match history", "My turn"): none is skipped or repeated, but a node
 * is kept once by id all the same, should it ever come twice.
 */
export async function allPages<T extends { readonly id: string }>(
  first: Connection<T>,
  next: (after: string) => Promise<Connection<T>>,
): Promise<T[]> {
  const nodes = new Map<string, T>();
  let page = first;
  for (;;) {
    for (const edge of page.edges) if (!nodes.has(edge.node.id)) nodes.set(edge.node.id, edge.node);
    if (!page.pageInfo.hasNextPage || page.pageInfo.endCursor === null) return [...nodes.values()];
    page = await next(page.pageInfo.endCursor);
  }
}
