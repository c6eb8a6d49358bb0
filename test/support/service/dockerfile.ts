/**
 * The Dockerfile read as a list of stages and instructions, so a test can carry out its steps without a Docker
 * engine (test/e2e/app/image.e2e.test.ts). Only what our Dockerfile uses is understood: FROM … AS, WORKDIR, ENV,
 * COPY (from the context or `--from=<stage>`), RUN (with BuildKit `--mount` flags), ENTRYPOINT and CMD in their
 * JSON form; the rest (ARG, USER, EXPOSE, HEALTHCHECK, the syntax line) is kept as read and changes no file.
 */
export type Instruction =
  | { readonly kind: 'WORKDIR'; readonly path: string }
  | { readonly kind: 'ENV'; readonly values: Readonly<Record<string, string>> }
  | {
      readonly kind: 'COPY';
      readonly from: string | null;
      readonly sources: readonly string[];
      readonly target: string;
    }
  | { readonly kind: 'RUN'; readonly command: string }
  | { readonly kind: 'ENTRYPOINT' | 'CMD'; readonly argv: readonly string[] }
  | { readonly kind: 'OTHER'; readonly keyword: string; readonly text: string };

export interface Stage {
  readonly name: string;
  readonly image: string;
  readonly instructions: readonly Instruction[];
}

/** The Dockerfile's logical lines: comments dropped, `\` continuations joined. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    lines.push(pending + line);
    pending = '';
  }
  if (pending !== '') lines.push(pending.trim());
  return lines;
}

/** `KEY=value KEY2=value2` (values without spaces or quotes, as ours are). */
function envValues(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of text.split(/\s+/)) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`ENV ${text}: only KEY=value pairs are understood`);
    values[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return values;
}

function instruction(keyword: string, rest: string): Instruction {
  switch (keyword) {
    case 'WORKDIR':
      return { kind: 'WORKDIR', path: rest };
    case 'ENV':
      return { kind: 'ENV', values: envValues(rest) };
    case 'COPY': {
      const words = rest.split(/\s+/);
      const fromFlag = words.find((word) => word.startsWith('--from='));
      const paths = words.filter((word) => !word.startsWith('--'));
      if (paths.length < 2) throw new Error(`COPY ${rest}: a source and a target are needed`);
      return {
        kind: 'COPY',
        from: fromFlag === undefined ? null : fromFlag.slice('--from='.length),
        sources: paths.slice(0, -1),
        target: paths[paths.length - 1]!,
      };
    }
    case 'RUN':
      return { kind: 'RUN', command: rest.replace(/^(--[a-z]+=\S+\s+)+/, '') };
    case 'ENTRYPOINT':
    case 'CMD':
      return { kind: keyword, argv: JSON.parse(rest) as string[] };
    default:
      return { kind: 'OTHER', keyword, text: rest };
  }
}

/** The stages of a Dockerfile, in order. */
export function parseDockerfile(text: string): Stage[] {
  const stages: { name: string; image: string; instructions: Instruction[] }[] = [];
  for (const line of logicalLines(text)) {
    const match = /^([A-Z]+)\s+(.*)$/.exec(line);
    if (match === null) throw new Error(`not an instruction: ${line}`);
    const [, keyword, rest] = match as unknown as [string, string, string];
    if (keyword === 'FROM') {
      const from = /^(\S+)\s+AS\s+(\S+)$/i.exec(rest);
      if (from === null) throw new Error(`FROM ${rest}: every stage is named (AS …)`);
      stages.push({ image: from[1]!, name: from[2]!, instructions: [] });
      continue;
    }
    const stage = stages[stages.length - 1];
    if (stage === undefined) {
      if (keyword === 'ARG') continue; // an ARG before the first FROM sets the images' versions
      throw new Error(`${keyword} before the first FROM`);
    }
    stage.instructions.push(instruction(keyword, rest));
  }
  return stages;
}
