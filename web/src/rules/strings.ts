/** The rules page's own texts (its frame; the rules themselves are ./rules-en.ts and its translations). */
import { translations } from '../i18n';

const en = {
  title: 'Rules',
  presets: 'Presets',
  loading: 'Loading the rules…',
  newGame: 'Start a game with these rules',
  atAGlance: 'At a glance',
  learn: 'Learn to play, move by move: the interactive tutorial',
};

export const strings = translations(en, {
  sv: {
    title: 'Regler',
    presets: 'Förinställningar',
    loading: 'Läser in reglerna…',
    newGame: 'Starta ett parti med de här reglerna',
    atAGlance: 'I korthet',
    learn: 'Lär dig spela, drag för drag: den interaktiva genomgången',
  },
  ru: {
    title: 'Правила',
    presets: 'Наборы правил',
    loading: 'Загружаем правила…',
    newGame: 'Начать партию по этим правилам',
    atAGlance: 'Коротко',
    learn: 'Научиться играть, ход за ходом: интерактивное обучение',
  },
});
