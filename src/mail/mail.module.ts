import { Module } from '@nestjs/common';
import { MailController } from './mail.controller';
import { MailLinks } from './mail-links';
import { MailRepository } from './mail.repository';
import { MailResolver } from './mail.resolver';
import { MailService } from './mail.service';
import { MailWorker } from './mail-worker';

/**
 * E-mail (docs/correspondence.md#e-mail): the address over GraphQL, the links in mails, and the worker that sends
 * what the mail outbox queued (src/mail/sql/mail-outbox.ts) over SMTP.
 */
@Module({
  controllers: [MailController],
  providers: [MailRepository, MailLinks, MailWorker, MailService, MailResolver],
  exports: [MailWorker, MailService],
})
export class MailModule {}
