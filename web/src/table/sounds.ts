/**
 * The table's sounds, off until the reader turns them on (web/src/prefs.ts `sound`, the table settings): a
 * rising two-note chime when the turn comes to me, a short tick when a card is played. Synthesised with Web
 * Audio (an OscillatorNode per note through a GainNode envelope), so the client ships no sound files.
 */

export const SOUNDS = ['yourTurn', 'cardPlayed'] as const;
export type Sound = (typeof SOUNDS)[number];

interface Note {
  /** Hz. */
  readonly pitch: number;
  /** Seconds from the sound's start. */
  readonly at: number;
  /** Seconds. */
  readonly length: number;
}

const NOTES: Readonly<Record<Sound, { wave: OscillatorType; notes: readonly Note[] }>> = {
  yourTurn: {
    wave: 'sine',
    notes: [
      { pitch: 659, at: 0, length: 0.14 },
      { pitch: 880, at: 0.13, length: 0.22 },
    ],
  },
  cardPlayed: { wave: 'triangle', notes: [{ pitch: 340, at: 0, length: 0.07 }] },
};

/** Quiet: a hint, not an alarm. */
const VOLUME = 0.15;

let context: AudioContext | null = null;

/**
 * The page's one AudioContext, made on first use. Browsers start it suspended until the reader has interacted
 * with the page; `resume` is asked each time, and the table calls `unlockSound` on a click or a key.
 */
function audio(): AudioContext | null {
  if (typeof AudioContext !== 'function') return null;
  try {
    context ??= new AudioContext();
  } catch {
    return null;
  }
  if (context.state === 'suspended') context.resume().catch(() => undefined);
  return context;
}

/** Lets the sounds play from now on: called from the reader's own click or key press. */
export function unlockSound(): void {
  audio();
}

export function playSound(sound: Sound): void {
  const out = audio();
  if (out === null) return;
  const { wave, notes } = NOTES[sound];
  for (const note of notes) {
    const oscillator = out.createOscillator();
    const gain = out.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = note.pitch;
    const start = out.currentTime + note.at;
    // A quick rise and an exponential fall: no click at either end.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.length);
    oscillator.connect(gain).connect(out.destination);
    oscillator.start(start);
    oscillator.stop(start + note.length + 0.02);
  }
}
