/**
 * Checks an exported game without the Malice server (docs/fairness.md):
 *
 *   npx tsx scripts/verify-export.ts game.json            # or game.ndjson, or - for standard input
 *   npx tsx scripts/verify-export.ts game.json --positions # also print the position after every event
 *
 * 1. the export is a `malice-game/1` document of a game that is over (before that its seed is secret);
 * 2. it was played under a rules version this engine replays (each game under its own; an unknown one stops here);
 * 3. the revealed seed gives the commitment published when the game was created (`seedCommitment` of its version);
 * 4. the client seeds are in order: one per seat, each valid, every stand-in the one the seed gives;
 * 5. the log is complete: events 1…version, in order;
 * 6. every event replays legally from the deal (the engine's `setup(options, deal, seats)` with the seed and the
 *    client seeds, or the revealed custom start position): `decide` on the state before each event gives back
 *    exactly that event;
 * 7. the replay ends with the exported result, and each player's outcome, placement and score follow from it;
 * 8. every move of a built-in bot's seat is the move the bot chooses from that seat's view (a bot's search each:
 *    a game against ExpertBot can take some seconds).
 *
 * Exit status: 0 when every check holds, 1 when one fails, 2 when the file cannot be read as an export.
 * The checks themselves are src/export/verify-export.ts, which imports nothing but the rules engine (src/engine,
 * pure TypeScript), so what it trusts is that code alone; the web client's Verify button runs the same checks, and
 * so does the server's verifyGame, on the export it builds of the stored game (src/export/game-verifier.ts).
 */
import { readFileSync } from 'node:fs';
import { formatPosition } from '../src/engine';
import { VerifiableExport, readExport, verifyExport } from '../src/export/verify-export';

function main(argv: readonly string[]): number {
  const args = argv.filter((arg) => arg !== '--positions');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    console.error('usage: npx tsx scripts/verify-export.ts <export.json | export.ndjson | -> [--positions]');
    return 2;
  }
  let doc: VerifiableExport;
  try {
    const path = args[0] as string;
    doc = readExport(readFileSync(path === '-' ? 0 : path, 'utf8'));
  } catch (error) {
    console.error(`cannot read the export: ${(error as Error).message}`);
    return 2;
  }
  console.log(
    `game ${doc.id} (${doc.preset}, ${doc.seats} seats, ${doc.status}, ${doc.events.length} events)`,
  );
  const positions: string[] = [];
  const checks = verifyExport(doc, (state) => positions.push(formatPosition(state)));
  for (const check of checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.text}`);
  if (argv.includes('--positions')) {
    positions.forEach((position, ply) => console.log(`position after ${ply}: ${position}`));
  }
  const failed = checks.filter((check) => !check.ok);
  if (failed.length > 0) {
    console.log(`NOT VERIFIED: ${failed.length} check${failed.length === 1 ? '' : 's'} failed`);
    return 1;
  }
  const bots = checks.some((check) => check.kind === 'botChoices')
    ? ', every bot move the bot’s own choice'
    : '';
  console.log(
    `verified: the deal is the committed seed’s and the players’, every move was legal${bots} and the result is right`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
