/**
 * The page size of a paginated field (`first`): the same bounds for every list, and the same numbers the cost
 * limit assumes (src/graphql/limits.ts), so a page never serves more than validation priced in.
 */
import { Int } from '@nestjs/graphql';
import { ApiError } from '../errors/api-error';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** `first`, or the default; BAD_USER_INPUT (field `first`) outside 1–MAX_PAGE_SIZE. */
export function pageSize(first: number | null | undefined): number {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new ApiError('BAD_USER_INPUT', `first must be 1–${MAX_PAGE_SIZE}`, { field: 'first' });
  }
  return size;
}

/** The `first` argument of every paginated field: `@Args('first', FIRST_ARG)`. */
export const FIRST_ARG = {
  type: () => Int,
  nullable: true,
  description: `Page size, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
} as const;

/** The `after` argument of every paginated field: `@Args('after', AFTER_ARG)`. */
export const AFTER_ARG = {
  type: () => String,
  nullable: true,
  description: 'The endCursor of the previous page.',
} as const;
