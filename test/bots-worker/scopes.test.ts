/**
 * Bot accounts' token rules (src/auth/scopes.ts): bot:play belongs to bot accounts only and implies
 * playing and reading; a bot account never plays with a game:play scope (its sessions and old tokens only read).
 */
import { effectiveScopes, scopeRefusal } from '../../src/auth/scopes';
import { SESSION_SCOPES } from '../../src/auth/viewer';

describe('effectiveScopes', () => {
  it('gives a person’s token its own scopes, but never bot:play', () => {
    expect(effectiveScopes(['game:read', 'game:play'], false)).toEqual(['game:read', 'game:play']);
    expect(effectiveScopes(['game:play'], false)).toEqual(['game:play']);
    expect(effectiveScopes(['bot:play'], false)).toEqual([]);
    expect(effectiveScopes(['game:read', 'bot:play'], false)).toEqual(['game:read']);
  });

  it('lets a bot account play with bot:play only, which implies game:play and game:read', () => {
    expect(effectiveScopes(['bot:play'], true)).toEqual(['game:read', 'game:play', 'bot:play']);
    // A bot's login session (or a token it had as a person) reads, but cannot play.
    expect(effectiveScopes([...SESSION_SCOPES], true)).toEqual(['game:read']);
    expect(effectiveScopes(['game:play'], true)).toEqual([]);
  });

  it('ignores scopes it does not know', () => {
    expect(effectiveScopes(['admin', 'game:read'], false)).toEqual(['game:read']);
    expect(effectiveScopes(['admin'], true)).toEqual([]);
  });
});

describe('scopeRefusal', () => {
  it('refuses bot:play to a person and game:play to a bot account, with the scope named', () => {
    const person = scopeRefusal(['game:read', 'bot:play'], false);
    expect(person?.code).toBe('FORBIDDEN');
    expect(person?.extensions.scope).toBe('BOT_PLAY');
    const bot = scopeRefusal(['game:play'], true);
    expect(bot?.code).toBe('FORBIDDEN');
    expect(bot?.extensions.scope).toBe('GAME_PLAY');
  });

  it('allows the rest', () => {
    expect(scopeRefusal(['game:read', 'game:play'], false)).toBeNull();
    expect(scopeRefusal(['bot:play'], true)).toBeNull();
    expect(scopeRefusal(['game:read', 'bot:play'], true)).toBeNull();
    expect(scopeRefusal(['game:read'], true)).toBeNull();
  });
});
