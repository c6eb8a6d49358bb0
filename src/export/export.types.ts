/**
 * The GraphQL types of the export (docs/api/exports-and-verification.md#exports) and of verifyGame's answer
 * (docs/api/exports-and-verification.md#verifygame). The document format itself is game-export.ts.
 */
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { listEnum } from '../graphql/list-enum';
import { EXPORT_FORMATS } from './export-query';

export const ExportFormat = listEnum(
  EXPORT_FORMATS,
  { json: 'JSON', ndjson: 'NDJSON' },
  {
    name: 'ExportFormat',
    description:
      'How `exportGame` writes a game (the malice-game/1 format, docs/api/exports-and-verification.md#exports).',
    values: {
      json: { description: 'One JSON object, the events inline.' },
      ndjson: {
        description:
          'Newline-delimited JSON: a "kind":"game" header line, then one "kind":"event" line per event.',
      },
    },
  },
);
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

@ObjectType('VerifyResult', {
  description: 'An independent check of a finished game from its revealed seed.',
})
export class VerifyResultType {
  @Field({ description: 'True when every check passed.' }) ok!: boolean;
  @Field({
    description:
      'The revealed seed gives the commitment published at the start (its labelled SHA-256, docs/fairness.md).',
  })
  seedMatchesCommitment!: boolean;
  @Field({
    description:
      'Every seat has a valid client seed and each stand-in is the one the revealed seed gives (true for games that take none).',
  })
  clientSeedsMatch!: boolean;
  @Field({ description: 'Every logged move was legal when replayed from the seed.' }) replayMatches!: boolean;
  @Field({ description: 'The replay ends with the recorded result.' }) resultMatches!: boolean;
  @Field({
    description:
      'Every move of a built-in bot’s seat is the move that bot chooses from its seat’s view, replayed with the ' +
      'random stream the revealed seed gives (docs/fairness.md#the-built-in-bots-choices); false when one differs. ' +
      'A move that may be the choice of a retired version of the bot, which this server no longer plays, is not ' +
      'checked (botDecisionsNotChecked). True when no built-in bot sat in the game.',
  })
  botChoicesMatch!: boolean;
  @Field(() => Int, {
    description:
      'The built-in bots’ moves not checked: each differs from the choice of every version of the bot this server ' +
      'plays, and its seat also lists a retired version (Player.botVersions), whose choice it may be; an engine of ' +
      'that release can check it (docs/fairness.md#the-built-in-bots-choices).',
  })
  botDecisionsNotChecked!: number;
  @Field(() => Int, {
    description:
      'The built-in bots’ moves replayed and found to be their own choices (all of them, or those before the first ' +
      'that differs).',
  })
  botDecisionsReplayed!: number;
  @Field(() => Int, {
    nullable: true,
    description:
      'The event (its seq, as in Game.moves) of the first built-in bot move that is not the bot’s choice; null ' +
      'when there is none.',
  })
  firstDifferingBotMove!: number | null;
  @Field({ description: 'What was checked, or the first thing that failed.' }) message!: string;
}
