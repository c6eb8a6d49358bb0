/**
 * The table's texts in the three languages (web/src/i18n.ts), refusals included: one line per engine violation
 * code (src/engine/violations.ts, docs/api/errors.md#rule-codes), written from its `params`, so a refused move reads in
 * the reader's language rather than the server's English.
 */
import type { ViolationCode, ViolationParams } from '../../../src/engine/violations';
import type { EndReason, ForcedPlayReason } from '../generated/graphql';
import { plural, translations } from '../i18n';

/** Each code's line from its params; `card` names a card and `pile` a place in the reader's words. */
type Refusals = {
  readonly [C in ViolationCode]: (params: ViolationParams[C], words: Words) => string;
};

/** How a refusal names cards and places. */
export interface Words {
  card(text: string): string;
  pile(text: string): string;
}

const en = {
  loading: 'Loading the game…',
  noGame: 'There is no such game.',
  tournamentRound: (round: number, name: string) => `Round ${round} of ${name}`,
  yourTurn: 'Your turn',
  toMove: (name: string) => `${name} to move`,
  waiting: 'Waiting for players',
  waitingFor: (name: string) => `Waiting for ${name} to accept the invitation.`,
  waitingInvited: 'Waiting for the invited player to accept.',
  invitationForOther: 'This game is an invitation to another player: only they can take the free seat.',
  heldForSeed:
    'Every seat is taken: the deal waits for your own seed, given now that the commitment is public.',
  dealNow: 'Deal with my seed',
  waitingOpen: (free: number) =>
    plural(free, {
      one: 'Waiting for {n} more player to join.',
      other: 'Waiting for {n} more players to join.',
    }),
  seedCommitment: 'Seed commitment',
  dealChosen: 'The creator chose the deal (unrated).',
  seatsFilled: (taken: number, seats: number) => `${taken} of ${seats} seats taken`,
  gameLink: 'Link to this game',
  gameLinkHint: 'Send it to the players you want: anyone signed in who opens it can take a free seat.',
  copyLink: 'Copy',
  linkCopied: 'Copied. Send it to the players you want.',
  copyByHand: 'The browser did not let the page copy it: the link is selected, copy it by hand.',
  join: 'Join',
  joining: 'Joining…',
  joinHint: 'Joining sends your own seed for the deal, drawn by this page now that the commitment is shown.',
  deadline: 'Time left',
  noClock: 'No clock',
  timeUp: 'time is up',
  pass: 'Pass',
  resign: 'Resign',
  confirmPass: 'End your turn without putting a card on a side pile?',
  confirmPassEnds:
    'Passing now ends the game as blocked: nobody played for a whole round. The fewest pay-off cards left win. Pass?',
  confirmResign: 'Resign this game? It counts as a loss.',
  yes: 'Yes',
  no: 'No',
  declareTitle: 'Which rank does the wild card stand for?',
  cancel: 'Cancel',
  selectHint: 'Choose a card (hand, pay-off or side-pile top), then where it goes. Escape clears the choice.',
  selected: (card: string) => `Selected: ${card}. Now choose where it goes.`,
  sending: 'Sending…',
  offline: 'Reconnecting…',
  forced: 'Forced play',
  forcedReason: {
    FORCED_ACE: 'an ace must start a centre pile',
    FORCED_PAYOFF_PLAY: 'the pay-off card fits a centre pile and must be played',
    FORCED_TWO_ON_ACE: 'a 2 must go on a centre pile showing an ace',
  } satisfies Record<ForcedPlayReason, string>,
  lastMove: (name: string, what: string) => `${name}: ${what}`,
  gameOver: 'Game over',
  endReason: {
    BLOCKED: 'nobody could play',
    PAYOFF_EMPTIED: 'a pay-off pile was emptied',
    RESIGNED: 'a player resigned',
    STUCK: 'the stock ran out and nobody could play',
    TIMED_OUT: 'a player ran out of time',
    TURN_LIMIT: 'the turn limit was reached',
  } satisfies Record<EndReason, string>,
  aborted: 'The game was called off.',
  pileName: { p: 'the pay-off pile', c: 'a new centre pile', hand: 'the hand' },
  centrePile: (n: string) => `centre pile ${n}`,
  sidePile: (n: string) => `side pile ${n}`,
  /** Where a card came from and went to, in a sentence (the announcements, the move to confirm). */
  fromPlace: {
    p: 'from the pay-off pile',
    hand: 'from the hand',
    side: (n: number) => `from side pile ${n}`,
  },
  toPlace: {
    centre: (n: number) => `to centre pile ${n}`,
    newPile: 'to a new centre pile',
    side: (n: number) => `to side pile ${n}`,
  },
  /** The opponents' moves, read out by the live region as they land. */
  announce: {
    played: (name: string, card: string, from: string, to: string) =>
      `${name} played the ${card} ${from} ${to}.`,
    passed: (name: string) => `${name} passed.`,
    resigned: (name: string) => `${name} resigned.`,
    timedOut: (name: string) => `${name} ran out of time.`,
  },
  confirmMove: (card: string, from: string, to: string) => `Play the ${card} ${from} ${to}?`,
  confirmMoveYes: 'Confirm',
  settings: 'Table settings',
  soundPref: 'Sounds: your turn, a card played',
  confirmMovePref: 'Confirm each move before it is sent',
  showShortcuts: 'Keyboard shortcuts',
  shortcutsTitle: 'Keyboard shortcuts',
  close: 'Close',
  /** What each key of the shortcut list does (shortcuts.tsx lists the keys). */
  shortcut: {
    arrows: 'Move among your cards and piles; once a card is chosen, among the places it may go.',
    enter:
      'Choose the card in focus, or play the chosen card to the place in focus (the space bar does the same).',
    centre: 'Play the chosen card to centre pile 1 to 9.',
    newPile: 'Play the chosen card to a new centre pile.',
    side: 'Side pile 1 to 9 (d, then the digit): the chosen card goes there; with nothing chosen, its top card is chosen.',
    payoff: 'Choose the top card of your pay-off pile.',
    escape: 'Cancel the choice; close a dialog or the table settings.',
    help: 'Show this list.',
  },
  refusedTitle: 'Move refused',
  refusal: {
    MALFORMED_COMMAND: () => 'The move could not be read (a fault of this client).',
    MALFORMED_MOVE: (p) => `“${p.move}” is not a move.`,
    GAME_OVER: () => 'The game is over.',
    NO_SUCH_SEAT: () => 'There is no such seat.',
    SEAT_OUT: () => 'You have left this game.',
    NOT_YOUR_TURN: () => 'It is not your turn.',
    NO_SUCH_PILE: (p, w) => `There is no ${w.pile(p.pile)}.`,
    EMPTY_SOURCE: (p, w) => `${capital(w.pile(p.pile))} is empty.`,
    CARD_NOT_IN_HAND: (p, w) => `The ${w.card(p.card)} is not in your hand.`,
    DOES_NOT_FIT: (p, w) => `The ${w.card(p.card)} does not fit ${w.pile(p.pile)}: it needs a ${p.needs}.`,
    CENTER_FULL: (p) => `All ${p.maxCenterPiles} centre piles are in use.`,
    ONLY_ACE_STARTS_PILE: (p, w) => `Only an ace starts a centre pile, not the ${w.card(p.card)}.`,
    PAYOFF_ONLY_TO_CENTER: () => 'The pay-off card may go only to a centre pile.',
    SIDE_ONLY_FROM_HAND: () => 'Side-pile cards come only from your hand.',
    SIDE_BUILD: (p, w) =>
      `The ${w.card(p.card)} cannot go on ${w.pile(p.pile)}: it shows ${p.top}, so it takes a ${p.top} or one lower.`,
    LOW_CARD_TO_SIDE: (p, w) =>
      p.centerFull
        ? `The ${w.card(p.card)} may go to a side pile only onto a card one higher.`
        : `Aces and 2s go to a side pile only while all ${p.maxCenterPiles} centre piles are in use.`,
    BAD_DECLARATION: (p, w) =>
      ({
        ONLY_ON_SIDE_PILE: 'A rank is declared only on a side pile.',
        NEVER_AN_ACE: 'A wild card never stands for an ace.',
        WILD_MUST_DECLARE: `Say which rank the ${w.card(p.card)} stands for on this side pile.`,
        NOTHING_TO_DECLARE: `Nothing is declared for the ${w.card(p.card)} here.`,
      })[p.problem],
    FORCED_PLAY_PENDING: (p, w) =>
      `First the forced play: the ${w.card(p.card)} to ${w.pile(p.pile)} (${p.move}).`,
    PASS_NOT_ALLOWED: () => 'You may not pass: put a card on a side pile.',
  } satisfies Refusals as Refusals,
  /** Refusals that carry no rule, by `extensions.code`. */
  refusalByCode: {
    VERSION_CONFLICT: 'The game changed meanwhile; here it is as it is now. Choose again.',
    GAME_NOT_ACTIVE: 'The game is no longer being played.',
    NOT_YOUR_TURN: 'It is not your turn.',
  } as Record<string, string>,
};

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const strings = translations(en, {
  sv: {
    loading: 'Läser in partiet…',
    noGame: 'Partiet finns inte.',
    tournamentRound: (round: number, name: string) => `Rond ${round} i ${name}`,
    yourTurn: 'Din tur',
    toMove: (name) => `${name} drar`,
    waiting: 'Väntar på spelare',
    waitingFor: (name) => `Väntar på att ${name} antar inbjudan.`,
    waitingInvited: 'Väntar på att den inbjudna spelaren antar inbjudan.',
    invitationForOther:
      'Partiet är en inbjudan till en annan spelare: bara den spelaren kan ta den lediga platsen.',
    heldForSeed:
      'Alla platser är tagna: given väntar på ditt eget frö, som du ger nu när åtagandet är offentligt.',
    dealNow: 'Ge med mitt frö',
    waitingOpen: (free) =>
      plural(free, {
        one: 'Väntar på ytterligare {n} spelare.',
        other: 'Väntar på ytterligare {n} spelare.',
      }),
    seedCommitment: 'Fröets åtagande',
    dealChosen: 'Skaparen valde given (orankat).',
    seatsFilled: (taken, seats) => `${taken} av ${seats} platser tagna`,
    gameLink: 'Länk till partiet',
    gameLinkHint:
      'Skicka den till dem du vill spela med: den som är inloggad och öppnar den kan ta en ledig plats.',
    copyLink: 'Kopiera',
    linkCopied: 'Kopierad. Skicka den till dem du vill spela med.',
    copyByHand: 'Webbläsaren lät inte sidan kopiera den: länken är markerad, kopiera den själv.',
    join: 'Gå med',
    joining: 'Går med…',
    joinHint: 'När du går med skickas ditt eget frö för given, draget av sidan nu när åtagandet visas.',
    deadline: 'Tid kvar',
    noClock: 'Ingen klocka',
    timeUp: 'tiden är ute',
    pass: 'Stå över',
    resign: 'Ge upp',
    confirmPass: 'Avsluta din tur utan att lägga ett kort på en hjälprad?',
    confirmPassEnds:
      'Står du över nu är partiet låst: ingen har spelat under ett helt varv. Den som har minst kort kvar i traven vinner. Stå över?',
    confirmResign: 'Ge upp partiet? Det räknas som förlust.',
    yes: 'Ja',
    no: 'Nej',
    declareTitle: 'Vilken valör står jokern för?',
    cancel: 'Avbryt',
    selectHint: 'Välj ett kort (hand, trave eller hjälprad), sedan vart det ska. Escape rensar valet.',
    selected: (card) => `Valt: ${card}. Välj nu vart det ska.`,
    sending: 'Skickar…',
    offline: 'Återansluter…',
    forced: 'Tvingat drag',
    forcedReason: {
      FORCED_ACE: 'ett ess måste starta en mitthög',
      FORCED_PAYOFF_PLAY: 'travens översta kort passar på en mitthög och måste spelas',
      FORCED_TWO_ON_ACE: 'en tvåa måste läggas på en mitthög med ett ess',
    },
    lastMove: (name, what) => `${name}: ${what}`,
    gameOver: 'Partiet är slut',
    endReason: {
      BLOCKED: 'ingen kunde spela',
      PAYOFF_EMPTIED: 'en trave tömdes',
      RESIGNED: 'en spelare gav upp',
      STUCK: 'talongen tog slut och ingen kunde spela',
      TIMED_OUT: 'en spelares tid tog slut',
      TURN_LIMIT: 'gränsen för antal drag nåddes',
    },
    aborted: 'Partiet avbröts.',
    pileName: { p: 'traven', c: 'en ny mitthög', hand: 'handen' },
    centrePile: (n) => `mitthög ${n}`,
    sidePile: (n) => `hjälprad ${n}`,
    fromPlace: {
      p: 'från traven',
      hand: 'från handen',
      side: (n) => `från hjälprad ${n}`,
    },
    toPlace: {
      centre: (n) => `till mitthög ${n}`,
      newPile: 'till en ny mitthög',
      side: (n) => `till hjälprad ${n}`,
    },
    announce: {
      played: (name, card, from, to) => `${name} spelade ${card} ${from} ${to}.`,
      passed: (name) => `${name} stod över.`,
      resigned: (name) => `${name} gav upp.`,
      timedOut: (name) => `Tiden tog slut för ${name}.`,
    },
    confirmMove: (card, from, to) => `Spela ${card} ${from} ${to}?`,
    confirmMoveYes: 'Bekräfta',
    settings: 'Bordets inställningar',
    soundPref: 'Ljud: din tur, ett kort spelas',
    confirmMovePref: 'Bekräfta varje drag innan det skickas',
    showShortcuts: 'Kortkommandon',
    shortcutsTitle: 'Kortkommandon',
    close: 'Stäng',
    shortcut: {
      arrows: 'Flytta mellan dina kort och högar; när ett kort är valt, mellan platserna det kan läggas på.',
      enter:
        'Välj kortet i fokus, eller spela det valda kortet till platsen i fokus (mellanslag gör detsamma).',
      centre: 'Spela det valda kortet till mitthög 1 till 9.',
      newPile: 'Spela det valda kortet till en ny mitthög.',
      side: 'Hjälprad 1 till 9 (d, sedan siffran): det valda kortet läggs där; utan valt kort väljs radens översta kort.',
      payoff: 'Välj det översta kortet i din trave.',
      escape: 'Ångra valet; stäng en dialog eller bordets inställningar.',
      help: 'Visa den här listan.',
    },
    refusedTitle: 'Draget avvisades',
    refusal: {
      MALFORMED_COMMAND: () => 'Draget kunde inte läsas (ett fel i den här klienten).',
      MALFORMED_MOVE: (p) => `”${p.move}” är inget drag.`,
      GAME_OVER: () => 'Partiet är slut.',
      NO_SUCH_SEAT: () => 'Den platsen finns inte.',
      SEAT_OUT: () => 'Du har lämnat partiet.',
      NOT_YOUR_TURN: () => 'Det är inte din tur.',
      NO_SUCH_PILE: (p, w) => `Det finns ingen ${w.pile(p.pile)}.`,
      EMPTY_SOURCE: (p, w) => `${capital(w.pile(p.pile))} är tom.`,
      CARD_NOT_IN_HAND: (p, w) => `${capital(w.card(p.card))} finns inte på din hand.`,
      DOES_NOT_FIT: (p, w) =>
        `${capital(w.card(p.card))} passar inte på ${w.pile(p.pile)}: den behöver en ${p.needs}.`,
      CENTER_FULL: (p) => `Alla ${p.maxCenterPiles} mitthögar används.`,
      ONLY_ACE_STARTS_PILE: (p, w) => `Bara ett ess startar en mitthög, inte ${w.card(p.card)}.`,
      PAYOFF_ONLY_TO_CENTER: () => 'Travens kort får bara läggas på en mitthög.',
      SIDE_ONLY_FROM_HAND: () => 'Kort till hjälpraderna kommer bara från handen.',
      SIDE_BUILD: (p, w) =>
        `${capital(w.card(p.card))} kan inte läggas på ${w.pile(p.pile)}: den visar ${p.top}, så den tar ${p.top} eller en lägre.`,
      LOW_CARD_TO_SIDE: (p, w) =>
        p.centerFull
          ? `${capital(w.card(p.card))} får bara läggas på en hjälprad med ett kort som är en högre.`
          : `Ess och tvåor får läggas på hjälprader bara när alla ${p.maxCenterPiles} mitthögar används.`,
      BAD_DECLARATION: (p, w) =>
        ({
          ONLY_ON_SIDE_PILE: 'En valör anges bara på en hjälprad.',
          NEVER_AN_ACE: 'En joker står aldrig för ett ess.',
          WILD_MUST_DECLARE: `Ange vilken valör ${w.card(p.card)} står för på hjälpraden.`,
          NOTHING_TO_DECLARE: `Här anges ingen valör för ${w.card(p.card)}.`,
        })[p.problem],
      FORCED_PLAY_PENDING: (p, w) =>
        `Först det tvingade draget: ${w.card(p.card)} till ${w.pile(p.pile)} (${p.move}).`,
      PASS_NOT_ALLOWED: () => 'Du får inte stå över: lägg ett kort på en hjälprad.',
    },
    refusalByCode: {
      VERSION_CONFLICT: 'Partiet ändrades under tiden; här är det som det är nu. Välj igen.',
      GAME_NOT_ACTIVE: 'Partiet spelas inte längre.',
      NOT_YOUR_TURN: 'Det är inte din tur.',
    },
  },
  ru: {
    loading: 'Загрузка партии…',
    noGame: 'Такой партии нет.',
    tournamentRound: (round: number, name: string) => `Тур ${round} турнира «${name}»`,
    yourTurn: 'Ваш ход',
    toMove: (name) => `Ходит ${name}`,
    waiting: 'Ждём игроков',
    waitingFor: (name) => `Ждём, пока ${name} примет приглашение.`,
    waitingInvited: 'Ждём, пока приглашённый игрок примет приглашение.',
    invitationForOther: 'Эта партия — приглашение другому игроку: занять свободное место может только он.',
    heldForSeed:
      'Все места заняты: раздача ждёт вашего собственного зерна — теперь, когда обязательство опубликовано.',
    dealNow: 'Раздать с моим зерном',
    waitingOpen: (free) =>
      plural(free, {
        one: 'Ждём ещё {n} игрока.',
        few: 'Ждём ещё {n} игроков.',
        many: 'Ждём ещё {n} игроков.',
        other: 'Ждём ещё {n} игрока.',
      }),
    seedCommitment: 'Обязательство по зерну',
    dealChosen: 'Создатель выбрал раздачу (без рейтинга).',
    seatsFilled: (taken, seats) => `Занято мест: ${taken} из ${seats}`,
    gameLink: 'Ссылка на партию',
    gameLinkHint:
      'Отправьте её тем, с кем хотите играть: любой вошедший игрок, открыв её, может занять свободное место.',
    copyLink: 'Копировать',
    linkCopied: 'Скопировано. Отправьте ссылку тем, с кем хотите играть.',
    copyByHand: 'Браузер не дал странице скопировать ссылку: она выделена, скопируйте её сами.',
    join: 'Присоединиться',
    joining: 'Присоединяемся…',
    joinHint:
      'При входе в партию отправляется ваше собственное зерно для раздачи: страница создаёт его сейчас, когда обязательство уже показано.',
    deadline: 'Осталось времени',
    noClock: 'Без часов',
    timeUp: 'время вышло',
    pass: 'Пас',
    resign: 'Сдаться',
    confirmPass: 'Закончить ход, не кладя карту в боковую стопку?',
    confirmPassEnds:
      'Пас сейчас заблокирует партию: целый круг никто не сыграл. Побеждает тот, у кого в расчётной пачке меньше карт. Пасовать?',
    confirmResign: 'Сдаться? Партия будет засчитана как поражение.',
    yes: 'Да',
    no: 'Нет',
    declareTitle: 'Какое достоинство заменяет дикая карта?',
    cancel: 'Отмена',
    selectHint:
      'Выберите карту (из руки, с расчётной пачки или верх боковой стопки), затем куда её положить. Escape снимает выбор.',
    selected: (card) => `Выбрано: ${card}. Теперь выберите, куда положить.`,
    sending: 'Отправка…',
    offline: 'Переподключение…',
    forced: 'Обязательный ход',
    forcedReason: {
      FORCED_ACE: 'туз должен начать центральную стопку',
      FORCED_PAYOFF_PLAY: 'верхняя карта расчётной пачки подходит к центральной стопке и должна быть сыграна',
      FORCED_TWO_ON_ACE: 'двойка должна лечь на центральную стопку с тузом',
    },
    lastMove: (name, what) => `${name}: ${what}`,
    gameOver: 'Партия окончена',
    endReason: {
      BLOCKED: 'никто не мог сходить',
      PAYOFF_EMPTIED: 'расчётная пачка опустела',
      RESIGNED: 'игрок сдался',
      STUCK: 'резерв кончился, и никто не мог сходить',
      TIMED_OUT: 'у игрока вышло время',
      TURN_LIMIT: 'достигнут предел числа ходов',
    },
    aborted: 'Партия отменена.',
    pileName: { p: 'расчётная пачка', c: 'новая центральная стопка', hand: 'рука' },
    centrePile: (n) => `центральная стопка ${n}`,
    sidePile: (n) => `боковая стопка ${n}`,
    fromPlace: {
      p: 'с расчётной пачки',
      hand: 'из руки',
      side: (n) => `с боковой стопки ${n}`,
    },
    toPlace: {
      centre: (n) => `на центральную стопку ${n}`,
      newPile: 'на новую центральную стопку',
      side: (n) => `на боковую стопку ${n}`,
    },
    announce: {
      played: (name, card, from, to) => `${name}: ${card} ${from} ${to}.`,
      passed: (name) => `${name}: пас.`,
      resigned: (name) => `${name} сдаёт партию.`,
      timedOut: (name) => `У игрока ${name} вышло время.`,
    },
    confirmMove: (card, from, to) => `Сыграть: ${card} ${from} ${to}?`,
    confirmMoveYes: 'Подтвердить',
    settings: 'Настройки стола',
    soundPref: 'Звуки: ваш ход, сыгранная карта',
    confirmMovePref: 'Подтверждать каждый ход перед отправкой',
    showShortcuts: 'Клавиши',
    shortcutsTitle: 'Клавиши',
    close: 'Закрыть',
    shortcut: {
      arrows:
        'Переход между вашими картами и стопками; когда карта выбрана — между местами, куда её можно положить.',
      enter: 'Выбрать карту в фокусе или сыграть выбранную карту на место в фокусе (пробел делает то же).',
      centre: 'Сыграть выбранную карту на центральную стопку 1–9.',
      newPile: 'Сыграть выбранную карту на новую центральную стопку.',
      side: 'Боковая стопка 1–9 (d, затем цифра): выбранная карта ложится туда; если ничего не выбрано, выбирается её верхняя карта.',
      payoff: 'Выбрать верхнюю карту вашей расчётной пачки.',
      escape: 'Отменить выбор; закрыть диалог или настройки стола.',
      help: 'Показать этот список.',
    },
    refusedTitle: 'Ход отклонён',
    refusal: {
      MALFORMED_COMMAND: () => 'Ход не удалось прочитать (ошибка этого клиента).',
      MALFORMED_MOVE: (p) => `«${p.move}» — не ход.`,
      GAME_OVER: () => 'Партия окончена.',
      NO_SUCH_SEAT: () => 'Такого места нет.',
      SEAT_OUT: () => 'Вы вышли из этой партии.',
      NOT_YOUR_TURN: () => 'Сейчас не ваш ход.',
      NO_SUCH_PILE: (p, w) => `Нет такой стопки: ${w.pile(p.pile)}.`,
      EMPTY_SOURCE: (p, w) => `${capital(w.pile(p.pile))} пуста.`,
      CARD_NOT_IN_HAND: (p, w) => `${capital(w.card(p.card))} — не в вашей руке.`,
      DOES_NOT_FIT: (p, w) =>
        `${capital(w.card(p.card))} не подходит: ${w.pile(p.pile)} ждёт карту достоинства ${p.needs}.`,
      CENTER_FULL: (p) => `Заняты все ${p.maxCenterPiles} центральные стопки.`,
      ONLY_ACE_STARTS_PILE: (p, w) => `Центральную стопку начинает только туз, а не ${w.card(p.card)}.`,
      PAYOFF_ONLY_TO_CENTER: () =>
        'Верхней картой расчётной пачки можно ходить только на центральную стопку.',
      SIDE_ONLY_FROM_HAND: () => 'В боковые стопки кладут только карты из руки.',
      SIDE_BUILD: (p, w) =>
        `${capital(w.card(p.card))} нельзя положить: ${w.pile(p.pile)} показывает ${p.top}, подходит ${p.top} или на одну ниже.`,
      LOW_CARD_TO_SIDE: (p, w) =>
        p.centerFull
          ? `${capital(w.card(p.card))} кладётся в боковую стопку только на карту на одну старше.`
          : `Тузы и двойки кладутся в боковые стопки, только когда заняты все ${p.maxCenterPiles} центральные стопки.`,
      BAD_DECLARATION: (p, w) =>
        ({
          ONLY_ON_SIDE_PILE: 'Достоинство объявляют только в боковой стопке.',
          NEVER_AN_ACE: 'Дикая карта никогда не заменяет туза.',
          WILD_MUST_DECLARE: `Объявите, какое достоинство заменяет ${w.card(p.card)} в этой боковой стопке.`,
          NOTHING_TO_DECLARE: `Здесь для карты «${w.card(p.card)}» ничего не объявляют.`,
        })[p.problem],
      FORCED_PLAY_PENDING: (p, w) =>
        `Сначала обязательный ход: ${w.card(p.card)} на ${w.pile(p.pile)} (${p.move}).`,
      PASS_NOT_ALLOWED: () => 'Пасовать нельзя: положите карту в боковую стопку.',
    },
    refusalByCode: {
      VERSION_CONFLICT: 'Партия тем временем изменилась; вот она сейчас. Выберите снова.',
      GAME_NOT_ACTIVE: 'Партия больше не идёт.',
      NOT_YOUR_TURN: 'Сейчас не ваш ход.',
    },
  },
});
