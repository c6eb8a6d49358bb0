import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('EmailAddress', {
  description: 'Your e-mail address: never shown to others; mail goes to it only once it is verified.',
})
export class EmailAddressType {
  @Field({ description: 'The address.' })
  address!: string;
  @Field({ description: 'Whether you followed the link mailed to it.' })
  verified!: boolean;
  @Field({ description: 'Whether mail to it bounced for good (no more mail until you set it again).' })
  bounced!: boolean;
}
