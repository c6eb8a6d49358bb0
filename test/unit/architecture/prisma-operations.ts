/** Prisma's delegate methods (`prisma.<model>.<method>`), as the architecture tests read calls of them. */
export const PRISMA_READS = [
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
] as const;

export const PRISMA_WRITES = [
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
] as const;

/** The writes that name their rows by `data` rather than by `where`. */
export const PRISMA_BY_DATA = ['create', 'createMany', 'createManyAndReturn'] as const;
