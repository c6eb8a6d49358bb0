import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('PlayerRelation', {
  description: 'How the signed-in player stands with another (docs/social.md): follows, friendship, blocks.',
})
export class PlayerRelationType {
  @Field({ description: 'You follow them: their games and results are in your feed.' })
  following!: boolean;

  @Field({ description: 'They follow you.' })
  followsYou!: boolean;

  @Field({ description: 'You follow each other.' })
  friends!: boolean;

  @Field({
    description:
      'You block them: neither of you may invite the other, join the other’s waiting games or be matched by a seek.',
  })
  blocking!: boolean;
}
