/**
 * The database work of one operation, counted as it runs: every field that reads the database or replays a game
 * (src/graphql/limits.ts `doesDatabaseWork`) charges one unit to the operation's meter before it resolves, and the
 * unit past `maxWork` is refused. The validation rule refuses documents whose estimate is over the limit before
 * anything runs; this meter holds the line where an estimate falls short (a list longer than assumed).
 *
 * Wrapped into the schema itself, so it applies on every way in (HTTP and graphql-ws). A subscription's pushes
 * are not charged: each push resolves the same selection, whose estimate the validation rule already bounded.
 */
import { GraphQLFieldResolver, GraphQLSchema, defaultFieldResolver, isObjectType } from 'graphql';
import { ApiError } from '../errors/api-error';
import { doesDatabaseWork } from './limits';

export class WorkMeter {
  private spent = 0;

  constructor(private readonly max: number) {}

  /** Counts one unit; refuses the unit beyond the limit. */
  charge(): void {
    this.spent += 1;
    if (this.spent <= this.max) return;
    throw new ApiError(
      'BAD_USER_INPUT',
      `this operation read the database or replayed a game more than ${this.max} times; ask for less at once`,
      { limit: 'work' },
    );
  }
}

/** A context that may carry a meter (every operation's does: src/graphql/transports.ts). */
interface MeteredContext {
  readonly work?: WorkMeter;
}

/** Wraps the resolver of every field that does database work so that it charges the operation's meter. */
export function meterDatabaseWork(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!doesDatabaseWork(schema, type.name, field.name)) continue;
      const resolve: GraphQLFieldResolver<unknown, MeteredContext> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: MeteredContext, info) => {
        if (info.operation.operation !== 'subscription') context.work?.charge();
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
