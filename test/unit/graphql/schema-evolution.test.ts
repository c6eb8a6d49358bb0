/**
 * From API 1.0 on the schema evolves only additively (docs/api/endpoints-and-auth.md#versions-how-the-schema-changes): a field is deprecated
 * first and removed in a later major version. docs/schema-1.0.graphql is the 1.0 schema, frozen; docs/schema.graphql
 * is the running server's (the readme e2e test holds it to the live schema). graphql-js's findBreakingChanges says
 * whether a client written against 1.0 could break against today's schema.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BreakingChange, buildASTSchema, buildSchema, findBreakingChanges, parse, visit } from 'graphql';

const DOCS = path.join(__dirname, '..', '..', '..', 'docs');
const frozen = fs.readFileSync(path.join(DOCS, 'schema-1.0.graphql'), 'utf8');
const current = fs.readFileSync(path.join(DOCS, 'schema.graphql'), 'utf8');

function describeChanges(changes: readonly BreakingChange[]): string {
  return changes.map((change) => `${change.type}: ${change.description}`).join('\n');
}

describe('schema evolution from API 1.0', () => {
  it('today’s schema breaks nothing a 1.0 client relies on', () => {
    const changes = findBreakingChanges(buildSchema(frozen), buildSchema(current));
    expect(describeChanges(changes)).toBe('');
  });

  it('the check sees a removed field (the test can fail)', () => {
    const removed = visit(parse(frozen), {
      FieldDefinition: (field) => (field.name.value === 'isMyTurn' ? null : undefined),
    });
    const changes = findBreakingChanges(buildSchema(frozen), buildASTSchema(removed));
    expect(changes.map((change) => change.type)).toContain('FIELD_REMOVED');
  });
});
