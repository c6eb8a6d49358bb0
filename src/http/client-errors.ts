/**
 * The answer to a request that could not be read — headers too large, not HTTP, or not all there within the
 * timeouts (`HTTP_HEADERS_TIMEOUT_MS`, `HTTP_REQUEST_TIMEOUT_MS`, docs/operations.md#http-connections) — given as
 * Fastify's `clientErrorHandler`, on the socket, since no request reached Fastify.
 *
 * A status line and no body, whatever the request was: the method of a request that could not be read is not known,
 * and an answer to a HEAD must carry no body (RFC 9110 §9.3.2) — Node's HTTP client, reading a HEAD answer, takes
 * any body for the start of the next answer and fails. (Fastify's own handler sends a JSON body.) And nothing at all
 * when the request was answered already, before its body had come (a HEAD, a body too large): a status line then
 * would read as a second answer to it.
 */
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** The status for each way a request fails to be read (as Node's own server answers them); anything else is 400. */
const STATUS_OF: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

export class ClientErrorAnswers {
  /** Each connection's latest answer, to tell whether the request still being read has had one. */
  private readonly answers = new WeakMap<Duplex, ServerResponse>();

  /** Follows the answers of `server` (its `request` event: every request Node read, before Fastify sees it). */
  watch(server: Server): void {
    server.on('request', (request, response: ServerResponse) => this.answers.set(request.socket, response));
  }

  /** Fastify's `clientErrorHandler`: answers (or not) and closes the connection. */
  readonly answer = (error: Error & { readonly code?: unknown }, socket: Socket): void => {
    // A connection reset, or one already closed: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const latest = this.answers.get(socket);
    const answeredAlready = latest !== undefined && latest.headersSent && !latest.req.complete;
    if (socket.writable && !answeredAlready) {
      const status = (typeof error.code === 'string' ? STATUS_OF[error.code] : undefined) ?? 400;
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
    }
    socket.destroy();
  };
}
