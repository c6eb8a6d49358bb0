/**
 * GraphQL enums registered from the app's `as const` lists (docs/architecture.md, "Vocabulary"): the list is the
 * one place a set of names is written, and the schema's enum follows it. `names` is the one mapping between a
 * value's name in the schema and its name in the app (the engine, the database, the export); a value the list
 * gains without a schema name or a description does not compile.
 */
import { registerEnumType } from '@nestjs/graphql';

/** A schema value's description, and why it is deprecated if it is. */
export interface EnumValueText {
  readonly description: string;
  readonly deprecationReason?: string;
}

/**
 * The enum object Nest registers: schema name → app value. `Preset.CLASSIC` is `'classic'`, typed as the literal,
 * so resolvers hand the app's values straight to GraphQL fields of the enum.
 */
export type ListEnum<V extends string, N extends { readonly [K in V]: string }> = {
  readonly [K in V as N[K]]: K;
};

/** Each value named as itself in the schema. */
export function sameNames<const V extends string>(list: readonly V[]): { readonly [K in V]: K } {
  return Object.fromEntries(list.map((value) => [value, value])) as { readonly [K in V]: K };
}

export function listEnum<const V extends string, const N extends { readonly [K in V]: string }>(
  list: readonly V[],
  names: N,
  config: {
    readonly name: string;
    readonly description: string;
    /** A description for every value of the list, by its app name. */
    readonly values: { readonly [K in V]: EnumValueText };
  },
): ListEnum<V, N> {
  const schemaNames = list.map((value) => names[value]);
  if (new Set(schemaNames).size !== list.length) {
    throw new Error(`GraphQL enum ${config.name}: two values share a schema name`);
  }
  const enumObject = Object.fromEntries(list.map((value) => [names[value], value])) as ListEnum<V, N>;
  registerEnumType(enumObject, {
    name: config.name,
    description: config.description,
    valuesMap: Object.fromEntries(list.map((value) => [names[value], config.values[value]])) as Partial<
      Record<keyof ListEnum<V, N>, EnumValueText>
    >,
  });
  return enumObject;
}
