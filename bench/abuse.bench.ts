/**
 * The hostile-input benchmark (`npm run bench:abuse [-- --rounds R] [-- --batch N] [-- --seconds S] [-- --json]`).
 * It starts the compiled server (`dist/main.js`; the npm script builds it first) on a fresh database of a Postgres
 * (DATABASE_URL's server, or an embedded one), and
 * measures, anonymous, what hostile GraphQL documents cost against a harmless document of the same size, over HTTP
 * and graphql-ws; /health while 8 clients attack; and the server's memory over 100 graphql-ws messages of 2 MB.
 * The goals (any document at most 5× the harmless one's parse and validate; memory within 50 MB) are printed as
 * PASS/FAIL, never as the exit code. The pieces live in bench/abuse/; docs/performance.md ("Hostile input") has
 * figures and how to read them.
 */
import { runBenchMain, withBenchPostgres } from './api/postgres';
import { projectRoot } from './api/server';
import { formatReport } from './abuse/report';
import { AbuseBenchSettings, runAbuseBench } from './abuse/run';

function parseArguments(argv: readonly string[]): AbuseBenchSettings | { readonly error: string } {
  const settings = {
    rounds: 5,
    batch: 40,
    attackSeconds: 3,
    json: false,
  };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    if (flag === '--json') {
      settings.json = true;
      continue;
    }
    const value = Number(argv[index + 1]);
    if (!Number.isInteger(value) || value < 1) return { error: `${flag} needs a whole number of at least 1` };
    index += 1;
    if (flag === '--rounds') settings.rounds = value;
    else if (flag === '--batch') settings.batch = value;
    else if (flag === '--seconds') settings.attackSeconds = value;
    else return { error: `unknown option ${flag} (--rounds R, --batch N, --seconds S, --json)` };
  }
  return settings;
}

async function main(argv: readonly string[]): Promise<void> {
  const settings = parseArguments(argv);
  if ('error' in settings) {
    process.stderr.write(`${settings.error}\n`);
    process.exitCode = 2;
    return;
  }
  const root = projectRoot();
  await withBenchPostgres(false, async (postgres, progress) => {
    const report = await runAbuseBench(settings, postgres, root, progress);
    process.stdout.write(
      settings.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`,
    );
  });
}

runBenchMain('bench:abuse', () => main(process.argv.slice(2)));
