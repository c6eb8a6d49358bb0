/**
 * The tutorial's texts in the three languages (web/src/i18n.ts): the page's frame, and each lesson's title,
 * explanation, task, and what it says to a move that is allowed but not the lesson's, and to the goal made
 * (./lessons.ts names them). A refused move is explained by the table's own refusal lines (web/src/table/strings.ts).
 * The words for the piles are the game's (docs/web.md, "Languages").
 */
import type { Preset } from '../generated/graphql';
import { translations } from '../i18n';
import type { LessonId, NoteId, TaskId } from './lessons';

/** What a lesson says: its title, the explanation, a legal move that is not its goal, its goal made. */
interface LessonTexts {
  readonly title: string;
  readonly intro: string;
  readonly offTrack: string;
  readonly done: string;
}

const en = {
  title: 'Learn to play',
  presets: 'Presets',
  presetName: { CLASSIC: 'Classic', MODERN: 'Modern', ZLOBA: 'Zloba' } satisfies Record<Preset, string>,
  loading: 'Loading the lesson…',
  loadFailed: 'The lesson could not be loaded. Reload the page to try again.',
  progress: (n: number, total: number) => `Lesson ${n} of ${total}`,
  task: 'Your move',
  selectHint:
    'Choose a card (from your hand, your pay-off pile or a side pile), then where it goes: click both, or drag the card.',
  selected: (card: string) => `Selected: ${card}. Now choose where it goes.`,
  refusedTitle: 'Not allowed',
  allowed: 'That move is allowed, but it is not the one this lesson asks for.',
  discardEndsTurn: 'That move is allowed, but a card on a side pile ends your turn.',
  stepDone: 'Right. Go on.',
  wellDone: 'Well done!',
  back: 'Back',
  next: 'Next',
  again: 'Start this lesson again',
  lastLesson: 'That was the last lesson. Now try a real game.',
  playComputer: 'Play the computer',
  readRules: 'Read the full rules',
  lessons: {
    payoff: {
      title: 'The pay-off pile',
      intro:
        'Your pay-off pile is the pile you must get rid of: the first player to play its last card wins. Only its top card is face up, and it may go onto a centre pile whose top is one rank lower. Then the next card is turned up.',
      offTrack: 'Your pay-off card would stay where it is, and emptying the pay-off pile is how you win.',
      done: 'The 5 left your pay-off pile, and the next card is turned up: a 7, which does not fit yet.',
    },
    centre: {
      title: 'Centre piles',
      intro:
        'The centre piles are shared by everyone. Only an ace starts a new one; then each card goes one rank higher, whatever its suit: a 2 on the ace, a 3 on the 2, and so on.',
      offTrack: 'It does not build the centre pile up. Play the next rank onto it from your hand.',
      done: 'The pile is now built to 4: a 5 goes on it next.',
    },
    side: {
      title: 'Side piles and the end of the turn',
      intro:
        'Your turn ends when you put one card from your hand onto one of your four side piles. Their top cards may be played to the centre on later turns, so a side pile keeps cards for later.',
      offTrack: 'This lesson is about ending the turn: put a card from your hand on a side pile.',
      done: 'Your turn is over; now it is your opponent’s turn.',
    },
    wild: {
      title: 'Wild cards',
      intro:
        'A wild card goes onto any centre pile and counts as the rank that pile needs — but never as an ace, so it cannot start a pile.',
      offTrack: 'It does not use the wild card. Play it onto the centre pile as the rank the pile needs.',
      done: 'The wild card counted as the 7, so the 8 fitted on top of it.',
    },
    forced: {
      title: 'Forced plays',
      intro:
        'Some plays are forced, and due at once: until such a play is made, no other card may be played and the turn cannot end. Wild cards are never forced.',
      offTrack: 'It is not the forced play.',
      done: 'That was the forced play; now you could go on as you like.',
    },
    win: {
      title: 'Winning',
      intro:
        'The player who plays the last card of their pay-off pile wins at once. Use your hand and your side piles to build a centre pile up to it.',
      offTrack: 'It does not bring your last pay-off card any closer to the centre.',
      done: 'Your pay-off pile is empty: you have won the game.',
    },
  } satisfies Record<LessonId, LessonTexts>,
  tasks: {
    payoff: 'Play the top card of your pay-off pile onto the centre pile.',
    centre: 'Build centre pile 1 up from your hand: first the 3, then the 4.',
    side: 'End your turn: put a card from your hand on one of your side piles.',
    wildJoker: 'Centre pile 1 needs a 7 and you have none: play the joker there, then the 8.',
    wildKing: 'Centre pile 1 needs a 7 and you have none: play the king there, then the 8.',
    forcedPayoff:
      'Your pay-off card fits centre pile 1. Try covering the pile with the 4 from your hand first, then make the play the rules require.',
    forcedTwoOnAce:
      'Centre pile 1 shows only its ace. Try the joker on it first, then make the play the rules require.',
    win: 'Your pay-off pile holds one card, the 9. Play the 7 from your hand, then the 8 from your side pile, then the 9.',
  } satisfies Record<TaskId, string>,
  notes: {
    topKing: 'A pile that reaches the king is complete and is shuffled into the stock.',
    topQueen:
      'A pile that reaches the queen is complete and is set aside, to become the stock again when the stock runs out.',
    sideSameOrLower:
      'On a side pile goes a card of the same rank as its top or one lower (a 5 on a 6, a queen on a queen); an empty side pile takes any card.',
    sideAny: 'Any card may go on any side pile.',
    turnEndOptional: 'You may also pass instead, at any time.',
    turnEndMandatory: 'Every turn must end this way: you may pass only with an empty hand.',
    lowCardsCentreFull:
      'Aces and 2s may go to a side pile only while all four centre piles are in use, and then only a 2 onto a 3 or an ace onto a 2.',
    wildJokers: 'In this game the jokers are wild.',
    wildKings: 'In this game the kings are wild, so a centre pile is built only up to the queen.',
    forcedPayoff:
      'A pay-off card that fits a centre pile must be played, and so must each new one turned up that fits. You may hold back the cards of your hand and side piles, but not your pay-off card.',
    forcedAces:
      'Every ace you can reach (pay-off card, side-pile tops, hand) must start a centre pile while there is room for one.',
    forcedTwoOnAce: 'While a centre pile shows only its ace, every 2 you can reach must go onto it.',
  } satisfies Record<NoteId, string>,
};

export const strings = translations(en, {
  sv: {
    title: 'Lär dig spela',
    presets: 'Förinställningar',
    presetName: { CLASSIC: 'Klassisk', MODERN: 'Modern', ZLOBA: 'Zloba' },
    loading: 'Läser in lektionen…',
    loadFailed: 'Lektionen kunde inte läsas in. Ladda om sidan och försök igen.',
    progress: (n, total) => `Lektion ${n} av ${total}`,
    task: 'Ditt drag',
    selectHint:
      'Välj ett kort (från handen, traven eller en hjälprad), sedan vart det ska: klicka på båda, eller dra kortet.',
    selected: (card) => `Valt: ${card}. Välj nu vart det ska.`,
    refusedTitle: 'Inte tillåtet',
    allowed: 'Det draget är tillåtet, men det är inte det som lektionen ber om.',
    discardEndsTurn: 'Det draget är tillåtet, men ett kort på en hjälprad avslutar din tur.',
    stepDone: 'Rätt. Fortsätt.',
    wellDone: 'Bra gjort!',
    back: 'Tillbaka',
    next: 'Nästa',
    again: 'Börja om lektionen',
    lastLesson: 'Det var sista lektionen. Prova nu ett riktigt parti.',
    playComputer: 'Spela mot datorn',
    readRules: 'Läs hela reglerna',
    lessons: {
      payoff: {
        title: 'Traven',
        intro:
          'Traven är den hög du ska bli av med: den som först spelar ut sitt sista kort ur traven vinner. Bara travens översta kort ligger med framsidan upp, och det får läggas på en mitthög vars översta kort är en valör lägre. Sedan vänds nästa kort upp.',
        offTrack: 'Travens kort skulle ligga kvar, och det är genom att tömma traven som du vinner.',
        done: 'Femman lämnade traven, och nästa kort är uppvänt: en sjua, som inte passar än.',
      },
      centre: {
        title: 'Mitthögar',
        intro:
          'Mitthögarna är gemensamma för alla. Bara ett ess startar en ny; sedan läggs varje kort en valör högre, oavsett färg: en tvåa på esset, en trea på tvåan och så vidare.',
        offTrack: 'Det bygger inte upp mitthögen. Lägg nästa valör på den från handen.',
        done: 'Högen är nu byggd till 4: nästa kort på den är en femma.',
      },
      side: {
        title: 'Hjälprader och turens slut',
        intro:
          'Din tur slutar när du lägger ett kort från handen på en av dina fyra hjälprader. Deras översta kort får spelas till mitten i senare turer, så en hjälprad sparar kort till senare.',
        offTrack: 'Den här lektionen handlar om att avsluta turen: lägg ett kort från handen på en hjälprad.',
        done: 'Din tur är slut; nu är det motståndarens tur.',
      },
      wild: {
        title: 'Fria kort',
        intro:
          'Ett fritt kort får läggas på vilken mitthög som helst och räknas som den valör högen behöver — men aldrig som ett ess, så det kan inte starta en hög.',
        offTrack: 'Det använder inte det fria kortet. Lägg det på mitthögen som den valör högen behöver.',
        done: 'Det fria kortet räknades som sjua, så åttan passade ovanpå.',
      },
      forced: {
        title: 'Tvingade drag',
        intro:
          'Vissa drag är tvingade och ska göras genast: tills ett sådant drag är gjort får inget annat kort spelas och turen kan inte avslutas. Fria kort är aldrig tvingade.',
        offTrack: 'Det är inte det tvingade draget.',
        done: 'Det var det tvingade draget; nu kunde du fortsätta som du vill.',
      },
      win: {
        title: 'Att vinna',
        intro:
          'Den som spelar ut det sista kortet ur sin trave vinner genast. Använd handen och hjälpraderna för att bygga upp en mitthög till det.',
        offTrack: 'Det för inte ditt sista kort i traven närmare mitten.',
        done: 'Din trave är tom: du har vunnit partiet.',
      },
    },
    tasks: {
      payoff: 'Lägg travens översta kort på mitthögen.',
      centre: 'Bygg upp mitthög 1 från handen: först trean, sedan fyran.',
      side: 'Avsluta turen: lägg ett kort från handen på en av dina hjälprader.',
      wildJoker: 'Mitthög 1 behöver en sjua och du har ingen: lägg jokern där, sedan åttan.',
      wildKing: 'Mitthög 1 behöver en sjua och du har ingen: lägg kungen där, sedan åttan.',
      forcedPayoff:
        'Travens kort passar på mitthög 1. Försök först täcka högen med fyran från handen, och gör sedan det drag som reglerna kräver.',
      forcedTwoOnAce:
        'Mitthög 1 visar bara sitt ess. Försök först lägga jokern på det, och gör sedan det drag som reglerna kräver.',
      win: 'Din trave har ett kort kvar, nian. Lägg sjuan från handen, sedan åttan från hjälpraden, sedan nian.',
    },
    notes: {
      topKing: 'En hög som når kungen är färdig och blandas in i talongen.',
      topQueen:
        'En hög som når damen är färdig och läggs undan, för att bli talong igen när talongen tar slut.',
      sideSameOrLower:
        'På en hjälprad läggs ett kort av samma valör som det översta eller en lägre (en femma på en sexa, en dam på en dam); en tom hjälprad tar vilket kort som helst.',
      sideAny: 'Vilket kort som helst får läggas på vilken hjälprad som helst.',
      turnEndOptional: 'Du får också säga klar i stället, när som helst.',
      turnEndMandatory: 'Varje tur måste sluta så: du får säga klar bara med tom hand.',
      lowCardsCentreFull:
        'Ess och tvåor får läggas på en hjälprad bara när alla fyra mitthögar används, och då bara en tvåa på en trea eller ett ess på en tvåa.',
      wildJokers: 'I det här spelet är jokrarna fria kort.',
      wildKings: 'I det här spelet är kungarna fria kort, så en mitthög byggs bara upp till damen.',
      forcedPayoff:
        'Ett kort från traven som passar på en mitthög måste spelas, och likaså varje nytt uppvänt kort som passar. Du får hålla inne korten på handen och på hjälpraderna, men inte travens kort.',
      forcedAces:
        'Varje ess du kan nå (travens kort, hjälpradernas översta kort, handen) måste starta en mitthög så länge det finns plats för en.',
      forcedTwoOnAce: 'Så länge en mitthög bara visar sitt ess måste varje tvåa du kan nå läggas på den.',
    },
  },
  ru: {
    title: 'Учимся играть',
    presets: 'Наборы правил',
    presetName: { CLASSIC: 'Классика', MODERN: 'Модерн', ZLOBA: 'Злоба' },
    loading: 'Загружаем урок…',
    loadFailed: 'Не удалось загрузить урок. Обновите страницу и попробуйте снова.',
    progress: (n, total) => `Урок ${n} из ${total}`,
    task: 'Ваш ход',
    selectHint:
      'Выберите карту (из руки, с расчётной пачки или с боковой стопки), затем куда её положить: нажмите на обе или перетащите карту.',
    selected: (card) => `Выбрано: ${card}. Теперь выберите, куда положить.`,
    refusedTitle: 'Так нельзя',
    allowed: 'Такой ход разрешён, но урок просит другой.',
    discardEndsTurn: 'Такой ход разрешён, но карта, положенная на боковую стопку, заканчивает ваш ход.',
    stepDone: 'Верно. Продолжайте.',
    wellDone: 'Отлично!',
    back: 'Назад',
    next: 'Далее',
    again: 'Начать урок заново',
    lastLesson: 'Это был последний урок. Теперь попробуйте настоящую партию.',
    playComputer: 'Сыграть с компьютером',
    readRules: 'Прочитать все правила',
    lessons: {
      payoff: {
        title: 'Расчётная пачка',
        intro:
          'От расчётной пачки нужно избавиться: кто первым сыграет её последнюю карту, тот побеждает. Открыта только её верхняя карта, и её можно положить на центральную стопку, верхняя карта которой на одно достоинство ниже. Затем открывается следующая карта.',
        offTrack:
          'Карта расчётной пачки осталась бы на месте, а побеждает тот, кто опустошит расчётную пачку.',
        done: 'Пятёрка ушла с расчётной пачки, и открылась следующая карта — семёрка, которая пока не подходит.',
      },
      centre: {
        title: 'Центральные стопки',
        intro:
          'Центральные стопки общие для всех. Новую начинает только туз; затем каждая карта кладётся на одно достоинство выше, независимо от масти: двойка на туза, тройка на двойку и так далее.',
        offTrack: 'Так центральная стопка не растёт. Положите на неё из руки карту следующего достоинства.',
        done: 'Теперь стопка собрана до 4: следующей на неё идёт пятёрка.',
      },
      side: {
        title: 'Боковые стопки и конец хода',
        intro:
          'Ваш ход заканчивается, когда вы кладёте одну карту из руки на одну из своих четырёх боковых стопок. Их верхние карты можно сыграть в центр в следующих ходах, так что боковая стопка хранит карты на потом.',
        offTrack: 'Этот урок о том, как закончить ход: положите карту из руки на боковую стопку.',
        done: 'Ваш ход окончен; теперь ходит соперник.',
      },
      wild: {
        title: 'Карты, заменяющие любую',
        intro:
          'Такую карту можно положить на любую центральную стопку, и она считается тем достоинством, которое нужно стопке, — но никогда не тузом, поэтому стопку она не начинает.',
        offTrack:
          'Так заменяющая карта не используется. Положите её на центральную стопку вместо нужного ей достоинства.',
        done: 'Заменяющая карта сошла за семёрку, поэтому восьмёрка легла сверху.',
      },
      forced: {
        title: 'Обязательные ходы',
        intro:
          'Некоторые ходы обязательны и делаются сразу: пока такой ход не сделан, нельзя играть другие карты и нельзя закончить ход. Заменяющие карты никогда не обязательны.',
        offTrack: 'Это не обязательный ход.',
        done: 'Это был обязательный ход; теперь можно продолжать как угодно.',
      },
      win: {
        title: 'Победа',
        intro:
          'Кто сыграет последнюю карту своей расчётной пачки, тот сразу побеждает. Нарастите центральную стопку до неё картами из руки и с боковых стопок.',
        offTrack: 'Так последняя карта расчётной пачки не станет ближе к центру.',
        done: 'Ваша расчётная пачка пуста: вы выиграли партию.',
      },
    },
    tasks: {
      payoff: 'Положите верхнюю карту расчётной пачки на центральную стопку.',
      centre: 'Нарастите центральную стопку 1 из руки: сначала тройка, потом четвёрка.',
      side: 'Закончите ход: положите карту из руки на одну из своих боковых стопок.',
      wildJoker:
        'Центральной стопке 1 нужна семёрка, а у вас её нет: положите туда джокера, потом восьмёрку.',
      wildKing: 'Центральной стопке 1 нужна семёрка, а у вас её нет: положите туда короля, потом восьмёрку.',
      forcedPayoff:
        'Карта расчётной пачки подходит к центральной стопке 1. Сначала попробуйте накрыть стопку четвёркой из руки, а потом сделайте ход, которого требуют правила.',
      forcedTwoOnAce:
        'На центральной стопке 1 лежит только туз. Сначала попробуйте положить на него джокера, а потом сделайте ход, которого требуют правила.',
      win: 'В расчётной пачке осталась одна карта — девятка. Сыграйте семёрку из руки, затем восьмёрку с боковой стопки, затем девятку.',
    },
    notes: {
      topKing: 'Стопка, дошедшая до короля, собрана и замешивается в резерв.',
      topQueen:
        'Стопка, дошедшая до дамы, собрана и откладывается, чтобы снова стать резервом, когда резерв кончится.',
      sideSameOrLower:
        'На боковую стопку кладут карту того же достоинства, что и верхняя, или на одно ниже (пятёрку на шестёрку, даму на даму); на пустую боковую стопку можно положить любую карту.',
      sideAny: 'На любую боковую стопку можно положить любую карту.',
      turnEndOptional: 'Вместо этого можно в любой момент сказать «пас».',
      turnEndMandatory: 'Каждый ход должен заканчиваться так: сказать «пас» можно, только если рука пуста.',
      lowCardsCentreFull:
        'Тузы и двойки кладут на боковую стопку, только когда заняты все четыре центральные стопки, и тогда только двойку на тройку или туза на двойку.',
      wildJokers: 'В этой игре любую карту заменяют джокеры.',
      wildKings:
        'В этой игре любую карту заменяют короли, поэтому центральную стопку собирают только до дамы.',
      forcedPayoff:
        'Карту расчётной пачки, которая подходит к центральной стопке, нужно сыграть, как и каждую новую открытую карту, которая подходит. Карты в руке и на боковых стопках можно придерживать, а карту расчётной пачки — нет.',
      forcedAces:
        'Каждый доступный туз (карта расчётной пачки, верхние карты боковых стопок, рука) должен начать центральную стопку, пока для неё есть место.',
      forcedTwoOnAce:
        'Пока на центральной стопке лежит только туз, каждую доступную двойку нужно положить на неё.',
    },
  },
});
