/**
 * Where a page of a connection stands
 * (docs/api/types.md#moverecordconnection-playereventconnection-webhookdeliveryconnection-and-their-edges):
 * the Relay `PageInfo` fields, for lists paged forward with `first` and `after`, and their GraphQL type,
 * which every module's connections share.
 */
import { Field, ObjectType } from '@nestjs/graphql';

export interface PageInfo {
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
  readonly startCursor: string | null;
  readonly endCursor: string | null;
}

/**
 * `cursors` are the page's own, in order. A page asked for with `after` has entries before it (the one the
 * cursor names, at least); one without starts at the beginning. That is the Relay rule for forward paging, and
 * costs no query.
 */
export function pageInfoOf(
  cursors: readonly string[],
  hasNextPage: boolean,
  after: string | null | undefined,
): PageInfo {
  return {
    hasNextPage,
    hasPreviousPage: after !== null && after !== undefined,
    startCursor: cursors[0] ?? null,
    endCursor: cursors[cursors.length - 1] ?? null,
  };
}

@ObjectType('PageInfo', {
  description: 'Where a page stands in its list (paged forward with first and after).',
})
export class PageInfoType implements PageInfo {
  @Field({ description: 'Whether more entries follow this page.' }) hasNextPage!: boolean;
  @Field({ description: 'Whether entries come before this page: true when it was asked for with `after`.' })
  hasPreviousPage!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'The first cursor of this page; null when it is empty.',
  })
  startCursor!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The last cursor of this page; null when it is empty.',
  })
  endCursor!: string | null;
}
