/**
 * The links in mails (docs/correspondence.md#e-mail), served as small pages: GET /mail/verify confirms an address;
 * GET /mail/unsubscribe shows a button (a link scanner's GET must not unsubscribe anyone) and POST /mail/unsubscribe
 * unsubscribes — which is also RFC 8058's one-click POST (`List-Unsubscribe=One-Click`) mail programs send.
 */
import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type LinkResult, MailService } from './mail.service';

const PAGE_TYPE = 'text/html; charset=utf-8';

const MESSAGES: Readonly<Record<LinkResult, string>> = {
  verified: 'Your e-mail address is confirmed. You can close this page.',
  unsubscribed: 'Done: you will get no more mails of this kind. You can change this on your account page.',
  invalid: 'This link does not work: it was changed, replaced or already used.',
  expired: 'This link has expired: set your address again on your account page to get a new one.',
};

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Malice</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto">${body}</body></html>`;
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

@Controller('mail')
export class MailController {
  constructor(private readonly mail: MailService) {}

  @Get('verify')
  async verify(@Query('t') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const result = await this.mail.follow(token ?? '', false);
    await reply
      .status(result === 'verified' ? 200 : 400)
      .type(PAGE_TYPE)
      .send(page(`<p>${MESSAGES[result]}</p>`));
  }

  @Get('unsubscribe')
  async confirmPage(@Query('t') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const form = `<form method="post" action="/mail/unsubscribe?t=${escapeAttribute(token ?? '')}">
<p>Stop these mails from Malice?</p><button type="submit">Unsubscribe</button></form>`;
    await reply.status(200).type(PAGE_TYPE).send(page(form));
  }

  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Query('t') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const result = await this.mail.follow(token ?? '', true);
    await reply
      .status(result === 'unsubscribed' ? 200 : 400)
      .type(PAGE_TYPE)
      .send(page(`<p>${MESSAGES[result]}</p>`));
  }
}
