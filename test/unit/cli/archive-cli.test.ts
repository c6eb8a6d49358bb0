/** `npm run archive`'s command line (src/cli/archive.ts): the minutes, the setting's by default, nothing else. */
import { afterMinutesOf } from '../../../src/cli/archive';

describe('npm run archive -- …', () => {
  it('takes --after-minutes N, or the setting when not given, and refuses anything else', () => {
    expect(afterMinutesOf([], 60)).toBe(60);
    expect(afterMinutesOf(['--after-minutes', '0'], 60)).toBe(0);
    expect(afterMinutesOf(['--after-minutes', '1440'], 60)).toBe(1440);
    for (const wrong of [
      ['--after-minutes'],
      ['--after-minutes', '-1'],
      ['--after-minutes', '1.5'],
      ['60'],
      ['--all'],
    ]) {
      expect(afterMinutesOf(wrong, 60)).toBeNull();
    }
  });
});
