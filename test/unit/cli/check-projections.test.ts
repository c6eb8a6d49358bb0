/**
 * Where `npm run check:projections` reads (docs/tools.md, docs/scaling.md#read-replicas): the first replica set, unless
 * it repairs (its rewrites are guarded by what the primary holds) or is told `--primary`.
 */
import { checkProjections, projectionsReadUrl } from '../../../src/cli/check-projections';

const PRIMARY = 'postgresql://app@db-primary:5432/malice';
const REPLICAS = ['postgresql://app@db-replica-1:5432/malice', 'postgresql://app@db-replica-2:5432/malice'];

describe('projectionsReadUrl', () => {
  it('reads the first replica when one is set', () => {
    expect(projectionsReadUrl(PRIMARY, REPLICAS, ['node', 'check-projections.js'])).toBe(REPLICAS[0]);
  });

  it('reads the primary with no replica, with --primary, and always for a repair', () => {
    expect(projectionsReadUrl(PRIMARY, [], ['node', 'check-projections.js'])).toBe(PRIMARY);
    expect(projectionsReadUrl(PRIMARY, REPLICAS, ['node', 'check-projections.js', '--primary'])).toBe(
      PRIMARY,
    );
    expect(projectionsReadUrl(PRIMARY, REPLICAS, ['node', 'check-projections.js', '--repair'])).toBe(PRIMARY);
  });
});

it('refuses to repair from a replica, before connecting anywhere', async () => {
  await expect(checkProjections(PRIMARY, true, () => undefined, REPLICAS[0])).rejects.toThrow(
    'a repair reads the primary',
  );
});
