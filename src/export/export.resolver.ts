/**
 * Replay, export and fairness over GraphQL: `exportGame`, `verifyGame`, and `Game.positionAfter` added to the games'
 * type from here (a second resolver class for the same type). Thin: the work is in ExportService and GameVerifier.
 */
import { Args, Context, ID, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { requireReadable } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { GameType } from '../games/api/game.types';
import { ExportService } from './export.service';
import { ExportFormat, VerifyResultType } from './export.types';
import { GameVerifier } from './game-verifier';
import { JsonScalar } from '../graphql/json.scalar';
import { GameExport, toNdjson } from './game-export';

@Resolver(() => GameType)
export class ExportResolver {
  constructor(
    private readonly service: ExportService,
    private readonly verifier: GameVerifier,
  ) {}

  @Query(() => JsonScalar, {
    description:
      'A game as a malice-game/1 document, to keep or to check with the engine alone (docs/fairness.md): with ' +
      'format JSON the document itself (an object), with NDJSON its NDJSON text (a string). A game that is not ' +
      'over exports only what a spectator may see: no seed, no start position.',
  })
  async exportGame(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The game’s id.' }) id: string,
    @Args('format', {
      type: () => ExportFormat,
      nullable: true,
      defaultValue: ExportFormat.JSON,
      description: 'JSON (one object) or NDJSON (a header line, then one line per event).',
    })
    format: ExportFormat | null,
  ): Promise<GameExport | string> {
    requireReadable(context.viewer);
    const doc = await this.service.exportGame(id);
    // An explicit null means the default, as leaving the argument out does.
    switch (format ?? ExportFormat.JSON) {
      case ExportFormat.JSON:
        return doc;
      case ExportFormat.NDJSON:
        return toNdjson(doc);
    }
  }

  // Nullable so that a refusal (a running game, a ply out of range) empties this field, not the whole game.
  @ResolveField(() => String, {
    nullable: true,
    description:
      'The position (docs/notation.md) after the first `ply` events, 0 being the deal. Finished games only: ' +
      'a position holds every hand and the stock (GAME_NOT_ACTIVE before).',
  })
  async positionAfter(
    @Parent() game: GameType,
    @Context() context: RequestContext,
    @Args('ply', { type: () => Int, description: 'How many events of the log to apply, 0 to `version`.' })
    ply: number,
  ): Promise<string> {
    requireReadable(context.viewer);
    return this.service.positionAfter(game.id, ply);
  }

  @Query(() => VerifyResultType, {
    description:
      'Check a game that is over: seed against commitment, client seeds, replay, result, and the built-in bots’ ' +
      'moves replayed as their own choices (RATE_LIMITED while this server replays another game’s bot moves).',
  })
  async verifyGame(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The game’s id.' }) id: string,
  ): Promise<VerifyResultType> {
    requireReadable(context.viewer);
    const checks = await this.verifier.verify(id);
    const ok =
      checks.seedMatchesCommitment &&
      checks.clientSeedsMatch &&
      checks.replayMatches &&
      checks.resultMatches &&
      checks.botChoicesMatch;
    return { ok, ...checks };
  }
}
