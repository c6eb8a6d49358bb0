/**
 * Every text the client shows, in one place so that translations can follow (English only for now). Functions
 * build the texts with numbers or names in them.
 */
import type { Outcome, Preset } from './generated/graphql';

export const STRINGS = {
  appName: 'Malice',
  tagline: 'Spite and Malice by correspondence',
  signIn: 'Sign in',
  signUp: 'Sign up',
  signOut: 'Sign out',
  username: 'Username',
  password: 'Password',
  haveAccount: 'Already have an account?',
  needAccount: 'New here?',
  passwordHint: '15 characters or more; a few words make a good one.',
  working: 'One moment…',
  signedInAs: (name: string) => `Signed in as ${name}`,
  home: 'My games',
  yourTurn: 'Your turn',
  theirTurn: 'Waiting for the opponent',
  waitingForPlayers: 'Waiting for players',
  finished: 'Finished',
  invitations: 'Invitations',
  invitationFrom: (name: string) => `from ${name}`,
  rated: 'rated',
  casual: 'casual',
  perMove: (days: number | null, hours: number | null) =>
    days !== null ? `${days} d per move` : hours !== null ? `${hours} h per move` : 'no clock',
  accept: 'Accept',
  decline: 'Decline',
  noGames: 'No games yet.',
  awaitingCount: (count: number) =>
    count === 0
      ? 'No game awaits your move.'
      : count === 1
        ? '1 game awaits your move.'
        : `${count} games await your move.`,
  title: (count: number) => (count > 0 ? `(${count}) Malice` : 'Malice'),
  versus: (names: readonly string[]) => (names.length === 0 ? 'no opponent yet' : `vs ${names.join(', ')}`),
  toMove: (name: string) => `${name} to move`,
  noClock: 'no clock',
  timeLeft: (text: string) => `${text} left`,
  timeUp: 'time is up',
  days: (n: number) => `${n} d`,
  hours: (n: number) => `${n} h`,
  minutes: (n: number) => `${n} min`,
  outcome: { WIN: 'won', LOSS: 'lost', DRAW: 'draw' } satisfies Record<Outcome, string>,
  aborted: 'called off',
  live: 'Live',
  offline: 'Reconnecting…',
  preset: { CLASSIC: 'Classic', MODERN: 'Modern', ZLOBA: 'Zloba' } satisfies Record<Preset, string>,
  /** Shown under the API's own message, by its `extensions.code`. */
  errorByCode: {
    UNAUTHENTICATED: 'Wrong username or password, or the session has ended.',
    FORBIDDEN: 'That is not allowed.',
    NOT_FOUND: 'It is not there.',
    BAD_USER_INPUT: 'Please check what you entered.',
    RATE_LIMITED: 'Too many attempts: wait a minute and try again.',
    UNAVAILABLE: 'The server is busy: try again shortly.',
    INTERNAL: 'Something went wrong on the server.',
    NETWORK: 'No connection to the server.',
  } as Record<string, string>,
  errorFallback: 'Something went wrong.',
} as const;
