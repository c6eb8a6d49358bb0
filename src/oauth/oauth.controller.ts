/**
 * The OAuth 2.0 endpoints an app calls over plain HTTP (docs/api/apps-and-oauth.md): the server's metadata
 * (RFC 8414), the token endpoint (RFC 6749 §3.2), revocation (RFC 7009) and introspection (RFC 7662). Served by
 * Nest and Fastify like every route, so CORS, the logs, the metrics and the gate's allowance see each request.
 * The person's side — the consent page at /oauth/authorize — is the web client's, over GraphQL.
 *
 * Their answers are OAuth's own JSON (`{ "error", "error_description" }`), also when the gate refuses: a client
 * library reads those. Over the rate limit is 429 with `Retry-After`, the database down 503.
 */
import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccessGate } from '../auth/access-gate';
import { ANONYMOUS } from '../auth/viewer';
import { ApiError, asUnavailable } from '../errors/api-error';
import { httpErrorAnswer } from '../http/http-error';
import { EndpointAnswer, EndpointRequest, OAuthService } from './oauth.service';

@Controller()
export class OAuthController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly gate: AccessGate,
  ) {}

  @Get('.well-known/oauth-authorization-server')
  metadata(@Res() reply: FastifyReply): void {
    void reply.header('cache-control', 'public, max-age=3600').send(this.oauth.metadata());
  }

  @Post('oauth/token')
  async token(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(request, reply, (read) => this.oauth.token(read));
  }

  @Post('oauth/revoke')
  async revoke(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(request, reply, (read) => this.oauth.revoke(read));
  }

  @Post('oauth/introspect')
  async introspect(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(request, reply, (read) => this.oauth.introspect(read));
  }

  private async answer(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: (request: EndpointRequest) => Promise<EndpointAnswer>,
  ): Promise<void> {
    let answer: EndpointAnswer;
    try {
      // Every call counts against the address's allowance, as an anonymous request does.
      const counted = this.gate.admit(ANONYMOUS, this.gate.addressOf(request.raw), {});
      void reply.headers(this.gate.headersOf(counted));
      answer = await endpoint(readRequest(request));
    } catch (thrown) {
      const error = asUnavailable(thrown) ?? thrown;
      if (!(error instanceof ApiError)) throw error;
      answer = refusal(error);
    }
    void reply.code(answer.status).headers(answer.headers).send(answer.body);
  }
}

/**
 * What the endpoints read: the headers, and the form body (`application/x-www-form-urlencoded`, RFC 6749 §4.1.3,
 * parsed by Nest's Fastify adapter). A body of another type reads as empty: the library then refuses the request
 * for its content type, the others for the missing parameters.
 */
function readRequest(request: FastifyRequest): EndpointRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  const body = request.body;
  const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
  return {
    headers,
    body: form && typeof body === 'object' && body !== null ? { ...(body as Record<string, unknown>) } : {},
  };
}

/** The gate's refusal (over the allowance, the database down) in OAuth's words, with its status and headers. */
function refusal(error: ApiError): EndpointAnswer {
  const { status, headers } = httpErrorAnswer(error);
  return {
    status,
    headers: { ...headers, 'cache-control': 'no-store' },
    body: { error: 'temporarily_unavailable', error_description: error.message },
  };
}
