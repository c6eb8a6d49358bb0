/**
 * The schema's DateTime scalar, in place of Nest's built-in one: Nest's reads an argument with `new Date(text)`,
 * which takes `1` for the year 2001, rolls 30 February over into March and turns `2026-13-45T99:99:99Z` into an
 * invalid date that only fails deep in a query (INTERNAL). This one reads arguments with the parser the REST
 * downloads use (src/common/iso-time.ts) and writes times as before (ISO 8601, UTC, milliseconds).
 *
 * An argument that is not a time parses to an invalid Date rather than failing here: a scalar cannot know which
 * argument or input field it fills, and the refusal must name it, as the REST path's does. So every resolver that
 * takes a DateTime passes it through `dateArgument`, which refuses an invalid one as BAD_USER_INPUT with `field`.
 */
import { CustomScalar, Scalar } from '@nestjs/graphql';
import { Kind, ValueNode } from 'graphql';
import { parseIsoTime } from '../common/iso-time';
import { invalidTime } from '../errors/api-error';

/** What a DateTime argument that is not a time parses to. */
function notATime(): Date {
  return new Date(Number.NaN);
}

function readTime(value: unknown): Date {
  return typeof value === 'string' ? (parseIsoTime(value) ?? notATime()) : notATime();
}

// Registered as a provider (GamesModule): Nest maps every `Date` field and argument of the schema to it.
@Scalar('DateTime', () => Date)
export class DateTimeScalar implements CustomScalar<string | null, Date> {
  readonly description =
    'A time in ISO 8601. Answers are in UTC with milliseconds, such as 2026-11-29T17:48:38.858Z. Arguments are ' +
    'a date and time with its zone (Z or ±hh:mm; seconds and fractions optional) or a date alone (midnight UTC), ' +
    'every field on the calendar; anything else is BAD_USER_INPUT naming the argument.';

  parseValue(value: unknown): Date {
    return readTime(value);
  }

  parseLiteral(ast: ValueNode): Date {
    return ast.kind === Kind.STRING ? readTime(ast.value) : notATime();
  }

  serialize(value: unknown): string | null {
    return value instanceof Date ? value.toISOString() : null;
  }
}

/** A DateTime argument or input field `name` as the resolver may use it: undefined when not given. */
export function dateArgument(name: string, value: Date | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  if (Number.isNaN(value.getTime())) throw invalidTime(name);
  return value;
}
