import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Vacation', {
  description: 'Whole days away: the deadlines of your turns move by the time away.',
})
export class VacationType {
  @Field(() => ID, { description: 'Stable id.' })
  id!: string;
  @Field({ description: 'When it began.' })
  startsAt!: Date;
  @Field({ description: 'When it is planned to end: `days` whole days after the start.' })
  endsAt!: Date;
  @Field(() => Int, { description: 'The days asked for.' })
  days!: number;
  @Field(() => Date, { nullable: true, description: 'When you came back early; null otherwise.' })
  endedAt!: Date | null;
}

@ObjectType('VacationStatus', { description: 'Your vacation, and what is left of your allowance.' })
export class VacationStatusType {
  @Field(() => VacationType, {
    nullable: true,
    description: 'The vacation running now; null when you are here.',
  })
  current!: VacationType | null;
  @Field(() => Int, { description: 'Vacation days you may still take (in any 365 days).' })
  daysLeft!: number;
  @Field(() => Int, { description: 'Vacation days allowed in any 365 days on this server (0: none).' })
  allowanceDays!: number;
  @Field(() => [VacationType], { description: 'Your vacations begun in the last 365 days, oldest first.' })
  recent!: VacationType[];
}
