/**
 * Bot accounts' token rules (src/auth/scopes.ts): bot:play belongs to bot accounts only and implies
 * playing and reading; a bot account never plays with a game:play scope (its sessions and old tokens only read).
 */
import { effectiveScopes, scopeRefusal } from '../../../src/auth/scopes';
import { SESSION_SCOPES } from '../../../src/auth/viewer';

const PERSON = { isBot: false, isAdmin: false };
const BOT = { isBot: true, isAdmin: false };
const ADMIN = { isBot: false, isAdmin: true };

describe('effectiveScopes', () => {
  it('gives a person’s token its own scopes, but never bot:play', () => {
    expect(effectiveScopes(['game:read', 'game:play'], PERSON)).toEqual(['game:read', 'game:play']);
    expect(effectiveScopes(['game:play'], PERSON)).toEqual(['game:play']);
    expect(effectiveScopes(['bot:play'], PERSON)).toEqual([]);
    expect(effectiveScopes(['game:read', 'bot:play'], PERSON)).toEqual(['game:read']);
  });

  it('lets a bot account play with bot:play only, which implies game:play and game:read', () => {
    expect(effectiveScopes(['bot:play'], BOT)).toEqual(['game:read', 'game:play', 'bot:play']);
    // A bot's login session (or a token it had as a person) reads, but cannot play.
    expect(effectiveScopes([...SESSION_SCOPES], BOT)).toEqual(['game:read']);
    expect(effectiveScopes(['game:play'], BOT)).toEqual([]);
  });

  it('ignores scopes it does not know', () => {
    expect(effectiveScopes(['game:admin', 'game:read'], PERSON)).toEqual(['game:read']);
    expect(effectiveScopes(['superuser'], BOT)).toEqual([]);
  });
});

describe('scopeRefusal', () => {
  it('refuses bot:play to a person and game:play to a bot account, with the scope named', () => {
    const person = scopeRefusal(['game:read', 'bot:play'], PERSON);
    expect(person?.code).toBe('FORBIDDEN');
    expect(person?.extensions.scope).toBe('BOT_PLAY');
    const bot = scopeRefusal(['game:play'], BOT);
    expect(bot?.code).toBe('FORBIDDEN');
    expect(bot?.extensions.scope).toBe('GAME_PLAY');
  });

  it('allows the rest', () => {
    expect(scopeRefusal(['game:read', 'game:play'], PERSON)).toBeNull();
    expect(scopeRefusal(['bot:play'], BOT)).toBeNull();
    expect(scopeRefusal(['game:read', 'bot:play'], BOT)).toBeNull();
    expect(scopeRefusal(['game:read'], BOT)).toBeNull();
  });
});

describe('the admin scope', () => {
  it('counts only while the account is an admin', () => {
    expect(effectiveScopes(['admin', 'game:read'], ADMIN)).toEqual(['game:read', 'admin']);
    // An ADMIN token of an account whose role went, or that never had it, moderates nothing.
    expect(effectiveScopes(['admin', 'game:read'], PERSON)).toEqual(['game:read']);
    expect(effectiveScopes(['admin'], BOT)).toEqual([]);
    // A session of an admin carries the session scopes only (docs/operations.md#moderation).
    expect(effectiveScopes([...SESSION_SCOPES], ADMIN)).toEqual(['game:read', 'game:play']);
  });

  it('is refused to an account that is not an admin, with the scope named', () => {
    const refusal = scopeRefusal(['admin'], PERSON);
    expect(refusal?.code).toBe('FORBIDDEN');
    expect(refusal?.extensions.scope).toBe('ADMIN');
    expect(scopeRefusal(['admin'], BOT)?.code).toBe('FORBIDDEN');
    expect(scopeRefusal(['admin', 'game:read'], ADMIN)).toBeNull();
  });
});
