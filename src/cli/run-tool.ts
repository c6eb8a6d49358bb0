/**
 * How a command-line tool of src/cli/ ends: with the exit code its `main` resolves with (0 done, 1 refused or
 * failed, 2 bad arguments), or 1 and one line on stderr when it throws — the message, not a stack: the tools say
 * what went wrong in words, and an unexpected failure's message is what an operator can act on.
 */
export function runTool(main: () => Promise<number>, failedPrefix: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${failedPrefix}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
