/**
 * `true` when the two unions of names have the same members, else `never`: keeps a GraphQL enum (a TypeScript
 * `enum`, as Nest's code-first schema needs) to the `as const` list it mirrors. Used as
 * `const same: SameMembers<`${SomeEnum}`, SomeName> = true;` — one name missing on either side does not compile.
 */
export type SameMembers<A extends string, B extends string> = [A] extends [B]
  ? [B] extends [A]
    ? true
    : never
  : never;
