import net from 'node:net';
import pg from 'pg';
import { freshTestDb } from '../test/template-db.js';
import { describeUnavailable, isDatabaseUnavailable } from './unavailable.js';

/** An error as node-postgres builds one from the server's ErrorResponse: a message and a SQLSTATE. */
function serverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), {
    code,
    errno: -111,
    syscall: 'connect',
  });
}

/** A port on the loopback interface that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('which failures mean the database cannot be reached (answered 503)', () => {
  it.each([
    [
      'a restart or fast shutdown ends the backend',
      serverError('57P01', 'terminating connection due to administrator command'),
    ],
    [
      'a crash of another backend',
      serverError('57P02', 'terminating connection because of crash of another server process'),
    ],
    ['the database is starting up', serverError('57P03', 'the database system is starting up')],
    ['the database is shutting down', serverError('57P03', 'the database system is shutting down')],
    ['too many connections', serverError('53300', 'sorry, too many clients already')],
    ['a connection exception (class 08)', serverError('08006', 'connection failure')],
    ['a connection never made (class 08)', serverError('08001', 'could not connect')],
    ['connection refused', socketError('ECONNREFUSED')],
    ['connection reset', socketError('ECONNRESET')],
    ['a broken pipe', socketError('EPIPE')],
    ['a connect timeout of the socket', socketError('ETIMEDOUT')],
    ['a host name that does not resolve now', socketError('EAI_AGAIN')],
    ['the socket closed mid-statement', new Error('Connection terminated unexpectedly')],
    ['a connect timeout of node-postgres', new Error('Connection terminated due to connection timeout')],
    ['the pool waited too long for a connection', new Error('timeout exceeded when trying to connect')],
    ['a client already broken', new Error('Client has encountered a connection error and is not queryable')],
    [
      'one refused connect per address of "localhost"',
      Object.assign(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], ''), {
        code: 'ECONNREFUSED',
      }),
    ],
    ['a wrapped cause', new Error('reading the session failed', { cause: socketError('ECONNRESET') })],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['bad text', serverError('22P02', 'invalid input syntax for type bigint')],
    ['an unknown column', serverError('42703', 'column "infinity" does not exist')],
    ['a serialization failure', serverError('40001', 'could not serialize access')],
    ['a statement timeout', serverError('57014', 'canceling statement due to statement timeout')],
    ['the database out of memory', serverError('53200', 'out of memory')],
    ['a defect in our code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a code that only looks like a SQLSTATE of class 08', { code: '0800', message: 'x' }],
    ['a file system error', socketError('ENOENT')],
    ['nothing', undefined],
    ['a string', 'Connection terminated unexpectedly'],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('does not follow a cycle of causes for ever', () => {
    const looped: Error & { cause?: unknown } = new Error('outer');
    looped.cause = looped;
    expect(isDatabaseUnavailable(looped)).toBe(false);
  });

  it('recognises what node-postgres really raises for a server that is not there', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: await closedPort(),
      connectionTimeoutMillis: 5000,
    });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(describeUnavailable(error)).toMatch(/ECONNREFUSED/);
  });

  it('leaves a real failed statement a 500 (over the test database)', async () => {
    const db = await freshTestDb();
    try {
      const error = await db.query('SELECT no_such_column FROM users').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('describes an aggregate by its parts (its own message is empty)', () => {
    const error = Object.assign(new AggregateError([socketError('ECONNREFUSED')], ''), {
      code: 'ECONNREFUSED',
    });
    expect(describeUnavailable(error)).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432');
    expect(describeUnavailable(serverError('57P01', 'terminating connection'))).toBe(
      '57P01: terminating connection',
    );
  });
});
