/**
 * @malice/client's operations and errors (clients/typescript/src/operations.ts, errors.ts): the list of operations
 * is the file's, each request carries its operation and only the fragments it spreads, every document is valid
 * against the committed schema, and the error codes are the server's.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Kind, buildSchema, parse, validate } from 'graphql';
import { backoffMs } from '../../../clients/typescript/src/client';
import { API_ERROR_CODES, MaliceError, errorOf } from '../../../clients/typescript/src/errors';
import { isLoopback } from '../../../clients/typescript/src/oauth';
import {
  OPERATION_KINDS,
  documentOf,
  splitOperations,
  type OperationName,
} from '../../../clients/typescript/src/operations';
import { API_ERROR_CODES as SERVER_CODES } from '../../../src/errors/api-error';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SOURCE = readFileSync(path.join(ROOT, 'clients', 'typescript', 'operations.graphql'), 'utf8');

describe('the operations', () => {
  it('are those of operations.graphql, each of its kind', () => {
    const inFile = Object.fromEntries(
      parse(SOURCE).definitions.flatMap((definition) =>
        definition.kind === Kind.OPERATION_DEFINITION ? [[definition.name?.value, definition.operation]] : [],
      ),
    );
    expect(inFile).toEqual(OPERATION_KINDS);
  });

  it('each goes alone with the fragments it spreads, through other fragments too', () => {
    const split = splitOperations(`
      fragment A on Game { id ...B }
      fragment B on Game { version }
      fragment C on Player { username }
      query One { game(id: "1") { ...A } }
      query Two { me { ...C } }
      query Three { me { id } }
    `);
    const names = (document: string | undefined): string[] =>
      parse(document ?? '').definitions.map((definition) =>
        'name' in definition && definition.name !== undefined ? definition.name.value : '?',
      );
    expect(names(split.get('One'))).toEqual(['One', 'A', 'B']);
    expect(names(split.get('Two'))).toEqual(['Two', 'C']);
    expect(names(split.get('Three'))).toEqual(['Three']);
  });

  it('are valid against docs/schema.graphql, one document each', () => {
    const schema = buildSchema(readFileSync(path.join(ROOT, 'docs', 'schema.graphql'), 'utf8'));
    for (const name of Object.keys(OPERATION_KINDS) as OperationName[]) {
      const document = parse(documentOf(name));
      expect({ name, errors: validate(schema, document).map((error) => error.message) }).toEqual({
        name,
        errors: [],
      });
      expect(
        document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION),
      ).toHaveLength(1);
    }
  });
});

describe('MaliceError', () => {
  it('knows the server’s error codes, no more and no fewer', () => {
    expect([...API_ERROR_CODES].sort()).toEqual([...SERVER_CODES].sort());
  });

  it('takes the code, the extensions and when to retry from a GraphQL error', () => {
    const conflict = errorOf({
      message: 'the game moved on',
      extensions: { code: 'VERSION_CONFLICT', currentVersion: 7 },
    });
    expect(conflict).toBeInstanceOf(MaliceError);
    expect({
      code: conflict.code,
      movedOn: conflict.movedOn,
      current: conflict.extensions['currentVersion'],
    }).toEqual({
      code: 'VERSION_CONFLICT',
      movedOn: true,
      current: 7,
    });
    const limited = errorOf(
      { message: 'slow down', extensions: { code: 'RATE_LIMITED', retryAfter: 12 } },
      {
        status: 429,
        retryAfterHeader: '30',
      },
    );
    expect({
      code: limited.code,
      retryAfter: limited.retryAfter,
      status: limited.status,
      movedOn: limited.movedOn,
    }).toEqual({
      code: 'RATE_LIMITED',
      retryAfter: 12,
      status: 429,
      movedOn: false,
    });
    const busy = errorOf(
      { message: 'busy', extensions: { code: 'UNAVAILABLE' } },
      { status: 503, retryAfterHeader: '5' },
    );
    expect(busy.retryAfter).toBe(5);
    const newer = errorOf({ message: '?', extensions: { code: 'SOMETHING_NEW' } });
    expect({ code: newer.code, raw: newer.extensions['code'] }).toEqual({
      code: 'UNKNOWN',
      raw: 'SOMETHING_NEW',
    });
  });
});

describe('the socket’s backoff', () => {
  it('doubles from about a second up to thirty, never less than half of it', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((retries) => backoffMs(retries, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect([0, 5].map((retries) => backoffMs(retries, () => 0))).toEqual([500, 15000]);
  });
});

describe('isLoopback (plain http is allowed for such an issuer only)', () => {
  it('is 127.0.0.0/8, [::1] and localhost, nothing else', () => {
    const loopback = [
      'http://127.0.0.1:3000',
      'http://127.1.2.3',
      'http://[::1]:8080',
      'http://localhost:3000',
    ];
    const other = [
      'http://play.example.com',
      'http://10.0.0.1',
      'http://127.0.0.1.example.com',
      'http://[::2]',
    ];
    expect(loopback.filter((url) => !isLoopback(new URL(url)))).toEqual([]);
    expect(other.filter((url) => isLoopback(new URL(url)))).toEqual([]);
  });
});
