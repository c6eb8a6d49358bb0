/**
 * The deployments bench:events compares (docs/scaling.md#pushes-between-copies): how a watched game's change is
 * announced between app copies, and how many copies share the work.
 */

export const VARIANT_NAMES = ['before', 'postgres', 'nats', 'nats2', 'nats3'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

export const TRANSPORTS = ['postgres', 'nats'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface Variant {
  readonly name: VariantName;
  /** Which checkout runs: the code before (`--before`) or after. */
  readonly code: 'before' | 'after';
  /** `nats` starts a NATS server for the deployment and gives its copies EVENTS_URL. */
  readonly transport: Transport;
  /** App copies, each its own process on its own port, on one database. */
  readonly copies: number;
  /** What the variant is, in the report. */
  readonly label: string;
}

export function variantOf(name: VariantName): Variant {
  switch (name) {
    case 'before':
      return {
        name,
        code: 'before',
        transport: 'postgres',
        copies: 1,
        label: 'NOTIFY in the move’s transaction (triggers)',
      };
    case 'postgres':
      return { name, code: 'after', transport: 'postgres', copies: 1, label: 'after the commit, pg_notify' };
    case 'nats':
      return { name, code: 'after', transport: 'nats', copies: 1, label: 'after the commit, NATS, 1 copy' };
    case 'nats2':
      return { name, code: 'after', transport: 'nats', copies: 2, label: 'after the commit, NATS, 2 copies' };
    case 'nats3':
      return { name, code: 'after', transport: 'nats', copies: 3, label: 'after the commit, NATS, 3 copies' };
    default: {
      const never: never = name;
      return never;
    }
  }
}
