/**
 * A jest reporter that prints, at the end of a run, how long each part of the suite took: each tier (unit, db,
 * e2e) and the browser tests (test/browser/), as the sum of their files' run times. The browser suite has a budget of
 * ten minutes in CI (docs/testing.md, "Browsers"); this line is where a CI log shows how close it is. It only
 * reports: a slow day must not fail the run (performance is measured by the benches, not by timed tests).
 */
'use strict';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest loads reporters as CommonJS, untransformed
const path = require('node:path');

class SuiteTimesReporter {
  /** @param {{ rootDir: string }} globalConfig */
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  /**
   * @param {unknown} _contexts
   * @param {{ testResults: { testFilePath: string, displayName?: { name: string } | string, perfStats: { runtime: number } }[] }} results
   */
  onRunComplete(_contexts, results) {
    /** @type {Map<string, { files: number, ms: number }>} */
    const parts = new Map();
    const add = (name, ms) => {
      const part = parts.get(name) ?? { files: 0, ms: 0 };
      parts.set(name, { files: part.files + 1, ms: part.ms + ms });
    };
    for (const file of results.testResults) {
      const ms = file.perfStats.runtime;
      const relative = path.relative(this.rootDir, file.testFilePath).split(path.sep).join('/');
      const tier = relative.endsWith('.e2e.test.ts')
        ? 'e2e'
        : relative.endsWith('.db.test.ts')
          ? 'db'
          : 'unit';
      add(`${tier} tier`, ms);
      if (relative.startsWith('test/browser/')) add('browser tests (test/browser/)', ms);
    }
    const lines = [...parts].map(
      ([name, part]) => `  ${name}: ${(part.ms / 1000).toFixed(1)} s over ${part.files} files`,
    );
    process.stdout.write(
      `\nSuite times (the sum of each file's run time; files run in parallel):\n${lines.join('\n')}\n`,
    );
  }
}

module.exports = SuiteTimesReporter;
