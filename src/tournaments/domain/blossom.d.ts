/**
 * The types of `edmonds-blossom-fixed` (MIT, CommonJS, no types of its own): J. van Rantwijk's maximum-weight
 * matching (Edmonds' blossom algorithm), ported to JavaScript. swiss.ts is its one user.
 */
declare module 'edmonds-blossom-fixed' {
  /**
   * A maximum-weight matching of the graph with these edges, each `[vertex, vertex, weight]` (vertices are 0, 1, …);
   * with `maxCardinality`, the heaviest among the matchings with the most edges. Returns `mate`: `mate[v]` is the
   * vertex matched with v, or -1.
   *
   * Two quirks a caller must guard against: the array is only as long as the highest vertex named in an edge, plus
   * one (a vertex above that, isolated, has no entry); and with no edges it returns the (empty) `edges` array
   * itself.
   */
  function maxWeightMatching(
    edges: readonly (readonly [number, number, number])[],
    maxCardinality?: boolean,
  ): number[];
  export = maxWeightMatching;
}
