// The rules, questions, tips and controls shown in the Rules dialog, per variant and language,
// in our own words from the project's RULES.md.

import { GAMES } from "../rules/variants.js";

const COMMON = {
  en: [
    "Clear all 28 cards of the pyramid. Cards left in the stock or on the waste do not matter.",
    "Remove two available cards whose values add up to 13: A+Q, 2+J, 3+10, 4+9, 5+8, 6+7 (ace 1, jack 11, queen 12). A king (13) goes on its own.",
    "A pyramid card is available when no card lies on it any more; the bottom row starts free.",
  ],
  de: [
    "Räume alle 28 Karten der Pyramide ab. Was im Vorrat oder auf der Ablage liegen bleibt, zählt nicht.",
    "Lege zwei spielbare Karten ab, deren Werte zusammen 13 ergeben: A+D, 2+B, 3+10, 4+9, 5+8, 6+7 (Ass 1, Bube 11, Dame 12). Ein König (13) geht allein.",
    "Eine Pyramidenkarte ist spielbar, wenn keine Karte mehr auf ihr liegt; die unterste Reihe ist von Anfang an frei.",
  ],
};

const VARIANT_TEXT = {
  en: {
    pyramid: {
      rules: ["Click or tap the stock to turn its top card onto the waste. The top card of the waste is available.",
        "When the stock is empty you may turn the waste over and go through it again: three passes in all."],
      faq: [["Can two waste cards pair?", "No: only the top card of the waste is available."],
        ["Do I have to take a pair when I see one?", "No, removing is always optional; you may draw instead."]],
      tips: ["Before you pair a pyramid card with a waste card, check whether another card of the same value is still needed elsewhere.",
        "Clear the pyramid evenly: a card is only free when both cards on it are gone."],
    },
    classic: {
      rules: ["Click or tap the stock to turn its top card onto the waste. The top card of the waste is available.",
        "You go through the stock once only: there is no recycle."],
      faq: [["Why can't I turn the waste over?", "Classic Pyramid allows a single pass through the stock."],
        ["Can two waste cards pair?", "No: only the top card of the waste is available."]],
      tips: ["Every card leaves the stock exactly once, so before you draw, pair what you can with the waste card you would cover.",
        "Many classic deals cannot be won at all; the hint says so, and the winnable-only option under More deals only deals that can be won."],
    },
    "classic-redeal": {
      rules: ["Click or tap the stock to turn its top card onto the waste. The top card of the waste is available.",
        "When the stock is empty you may turn the waste over once and go through it a second time."],
      faq: [["When may I recycle?", "Only when the stock is empty and the waste is not; once in this game."],
        ["Does the order change when I recycle?", "No: the stock comes back in its original order."]],
      tips: ["Use the first pass to learn the order of the stock; the second pass comes in the same order.",
        "Keep cards on the waste that free the bottom rows of the pyramid."],
    },
    "three-wastes": {
      rules: ["Each draw deals the next three stock cards, one onto each of three waste piles, always in the order pile 1, pile 2, pile 3.",
        "The top card of every waste pile is available, so two waste cards can pair. One pass only."],
      faq: [["Can cards of two waste piles pair?", "Yes: all three top cards are available."],
        ["What if fewer than three cards are left?", "The last draw deals what is left, starting with pile 1."]],
      tips: ["Look at all three waste tops before you draw again: a draw covers all of them.",
        "Pairs between two waste piles uncover the cards beneath them."],
    },
    giza: {
      rules: ["There is no stock: the other 24 cards lie face up in eight piles of three.",
        "The top card of each pile is available and may pair with the pyramid or with another pile's top."],
      faq: [["Why is there no draw button?", "In Giza every card is dealt face up from the start; there is nothing to draw."],
        ["Is every Giza deal winnable?", "No, but since you see every card you can plan the whole game."]],
      tips: ["Plan ahead: you can see every card, so count which partners are still needed before you use one.",
        "Free the piles' lower cards early; they are often the partners the pyramid needs."],
    },
    "open-stock": {
      rules: ["As in Pyramid (three passes), but the top card of the stock is face up and available too.",
        "You can pair it straight from the stock without drawing it first."],
      faq: [["Where is the open stock card?", "Beside the stock pile, face up; drawing moves it onto the waste."],
        ["How many passes do I get?", "Three, as in Pyramid."]],
      tips: ["With the stock top and the waste top both available, you can often pair the two of them.",
        "Drawing is optional: sometimes it pays to keep the current stock top for a pyramid card you are about to free."],
    },
  },
  de: {
    pyramid: {
      rules: ["Klicke oder tippe auf den Vorrat, um die oberste Karte auf die Ablage zu legen. Die oberste Karte der Ablage ist spielbar.",
        "Ist der Vorrat leer, darfst du die Ablage umdrehen und erneut durchgehen: insgesamt drei Durchgänge."],
      faq: [["Können zwei Karten der Ablage ein Paar bilden?", "Nein: nur die oberste Karte der Ablage ist spielbar."],
        ["Muss ich ein Paar nehmen, wenn ich eins sehe?", "Nein, Ablegen ist immer freiwillig; du darfst stattdessen ziehen."]],
      tips: ["Bevor du eine Pyramidenkarte mit einer Ablagekarte paarst, prüfe, ob eine andere Karte gleichen Werts noch anderswo gebraucht wird.",
        "Räume die Pyramide gleichmäßig ab: eine Karte wird erst frei, wenn beide Karten auf ihr weg sind."],
    },
    classic: {
      rules: ["Klicke oder tippe auf den Vorrat, um die oberste Karte auf die Ablage zu legen. Die oberste Karte der Ablage ist spielbar.",
        "Du gehst den Vorrat nur einmal durch: Umdrehen gibt es nicht."],
      faq: [["Warum kann ich die Ablage nicht umdrehen?", "Die klassische Pyramide erlaubt nur einen Durchgang durch den Vorrat."],
        ["Können zwei Karten der Ablage ein Paar bilden?", "Nein: nur die oberste Karte der Ablage ist spielbar."]],
      tips: ["Jede Karte verlässt den Vorrat genau einmal; paare also vor dem Ziehen, was mit der Ablagekarte geht, die du sonst zudeckst.",
        "Viele klassische Partien sind gar nicht zu gewinnen; der Hinweis sagt es, und unter Mehr kannst du nur gewinnbare Partien austeilen lassen."],
    },
    "classic-redeal": {
      rules: ["Klicke oder tippe auf den Vorrat, um die oberste Karte auf die Ablage zu legen. Die oberste Karte der Ablage ist spielbar.",
        "Ist der Vorrat leer, darfst du die Ablage einmal umdrehen und ein zweites Mal durchgehen."],
      faq: [["Wann darf ich umdrehen?", "Nur wenn der Vorrat leer ist und die Ablage nicht; einmal pro Partie."],
        ["Ändert sich beim Umdrehen die Reihenfolge?", "Nein: der Vorrat kommt in seiner ursprünglichen Reihenfolge zurück."]],
      tips: ["Nutze den ersten Durchgang, um dir die Reihenfolge zu merken; der zweite kommt in derselben Reihenfolge.",
        "Behalte Karten auf der Ablage, die die unteren Reihen der Pyramide freimachen."],
    },
    "three-wastes": {
      rules: ["Jedes Ziehen legt die nächsten drei Karten aus, je eine auf drei Ablagestapel, immer in der Reihenfolge Stapel 1, 2, 3.",
        "Die oberste Karte jedes Ablagestapels ist spielbar, also können auch zwei Ablagekarten ein Paar bilden. Nur ein Durchgang."],
      faq: [["Können Karten zweier Ablagestapel ein Paar bilden?", "Ja: alle drei obersten Karten sind spielbar."],
        ["Was, wenn weniger als drei Karten übrig sind?", "Das letzte Ziehen legt aus, was übrig ist, beginnend mit Stapel 1."]],
      tips: ["Sieh dir alle drei obersten Karten an, bevor du wieder ziehst: ein Zug deckt alle drei zu.",
        "Paare zwischen zwei Ablagestapeln decken die Karten darunter auf."],
    },
    giza: {
      rules: ["Es gibt keinen Vorrat: die übrigen 24 Karten liegen offen in acht Stapeln zu je drei.",
        "Die oberste Karte jedes Stapels ist spielbar und paart mit der Pyramide oder mit der obersten Karte eines anderen Stapels."],
      faq: [["Warum gibt es nichts zu ziehen?", "In Giza liegen alle Karten von Anfang an offen; es gibt keinen Vorrat."],
        ["Ist jede Giza-Partie zu gewinnen?", "Nein, aber da du jede Karte siehst, kannst du die ganze Partie planen."]],
      tips: ["Plane voraus: du siehst jede Karte, also zähle, welche Partner noch gebraucht werden, bevor du einen verbrauchst.",
        "Mach die unteren Karten der Stapel früh frei; oft sind sie die Partner, die die Pyramide braucht."],
    },
    "open-stock": {
      rules: ["Wie Pyramiden-Solitär (drei Durchgänge), doch die oberste Karte des Vorrats liegt offen und ist auch spielbar.",
        "Du kannst sie direkt aus dem Vorrat paaren, ohne sie erst zu ziehen."],
      faq: [["Wo ist die offene Vorratskarte?", "Neben dem Vorratsstapel, offen; Ziehen legt sie auf die Ablage."],
        ["Wie viele Durchgänge habe ich?", "Drei, wie bei Pyramiden-Solitär."]],
      tips: ["Sind die oberste Vorratskarte und die oberste Ablagekarte beide spielbar, passen oft genau diese zwei zusammen.",
        "Ziehen ist freiwillig: manchmal lohnt es sich, die offene Vorratskarte für eine Pyramidenkarte aufzuheben, die bald frei wird."],
    },
  },
};

// Questions every variant shares: the exact hint, winnable-only deals, the daily deal, statistics.
const COMMON_FAQ = {
  en: [
    ["Does the stock have to be empty to win?", "No. You win when all 28 cards of the pyramid are cleared; cards left in the stock, on the waste or in the piles do not matter."],
    ["How exact is the hint?", "The hint asks the solver. If the game can still be won, it marks the first move of a winning line (the shortest one it finds in time). If not, a panel says so and names the last move after which the game could still be won, with a button that undoes back there. Only when the solver runs out of time does it show a merely legal move, and it says that this move is not checked."],
    ["Can I play only deals that can be won?", "Yes: under More, switch on winnable deals only, for each game separately. New games then get deals the solver has proven winnable; if no proof comes in time, the page says that the deal is random."],
    ["What is the daily deal?", "One deal per game and calendar day, the same for everyone. Start it under More; the board marks it. Every deal has a number: share it with the link under More."],
    ["When does a game count in the statistics?", "A game counts as played from its first move, as won the first time the pyramid is cleared, and as lost when no move is left or when you start another game (also Play again) before winning it. The result is decided once: undoing out of a lost position to play on is practice."],
    ["How is my game saved?", "By itself, in this browser: after every move and every few seconds while the clock runs, one game per variant, with its time. Close the tab and come back later: the game goes on where you left it. The save stays on this device; another browser or a private window starts afresh."],
    ["Why do the German rules say B and D?", "In German the jack is Bube (B) and the queen Dame (D), so the pairs read A+D and 2+B there, and a move the English page writes J\u2660 + 2\u2663 reads B\u2660 + 2\u2663. The card faces are the international ones with J and Q."],
    ["Is the J a joker?", "No: the deck has no jokers. J is the jack (11), Q the queen (12) and K the king (13); an ace is always 1."],
    ["Why can't I pick a card I can see?", "A card is available only when no card lies on it, not even a corner: a pyramid card is free when both cards on it are gone, and of a waste pile only the top card is available. Tap it anyway and the page says which cards still cover it."],
  ],
  de: [
    ["Muss der Vorrat leer sein, um zu gewinnen?", "Nein. Du gewinnst, sobald alle 28 Karten der Pyramide abgeräumt sind; was im Vorrat, auf der Ablage oder in den Stapeln liegt, zählt nicht."],
    ["Wie genau ist der Hinweis?", "Der Hinweis fragt den Löser. Ist die Partie noch zu gewinnen, markiert er den ersten Zug eines Gewinnwegs (des kürzesten, den er in der Zeit findet). Wenn nicht, sagt es ein Fenster und nennt den letzten Zug, nach dem die Partie noch zu gewinnen war, mit einem Knopf, der bis dorthin zurücknimmt. Nur wenn dem Löser die Zeit ausgeht, zeigt er bloß einen erlaubten Zug und sagt, dass dieser nicht geprüft ist."],
    ["Kann ich nur gewinnbare Partien spielen?", "Ja: schalte unter Mehr „nur gewinnbare Partien“ ein, für jedes Spiel einzeln. Neue Partien sind dann vom Löser als gewinnbar bewiesen; kommt der Beweis nicht rechtzeitig, sagt die Seite, dass die Partie zufällig ist."],
    ["Was ist die Partie des Tages?", "Eine Partie pro Spiel und Kalendertag, für alle gleich. Starte sie unter Mehr; das Spielfeld markiert sie. Jede Partie hat eine Nummer: teile sie mit dem Link unter Mehr."],
    ["Wann zählt eine Partie in der Statistik?", "Eine Partie zählt ab dem ersten Zug als gespielt, als gewonnen, sobald die Pyramide zum ersten Mal abgeräumt ist, und als verloren, wenn kein Zug mehr geht oder wenn du vor dem Sieg eine andere beginnst (auch mit „Noch einmal“). Das Ergebnis steht einmal fest: Zurücknehmen aus einer verlorenen Stellung ist Übung."],
    ["Wie wird meine Partie gespeichert?", "Von selbst, in diesem Browser: nach jedem Zug und alle paar Sekunden, solange die Uhr läuft, eine Partie pro Spiel, mit ihrer Zeit. Schließ den Tab und komm später wieder: die Partie geht weiter, wo du aufgehört hast. Der Spielstand bleibt auf diesem Gerät; ein anderer Browser oder ein privates Fenster beginnt neu."],
    ["Warum stehen auf den Karten J und Q statt B und D?", "Die Kartenbilder sind die internationalen: J ist der Bube und Q die Dame. Die Seite schreibt sie deutsch, als Bube (B, 11) und Dame (D, 12): Die Paare lauten A+D und 2+B, ein Zug heißt zum Beispiel B\u2660 + 2\u2663. K ist der König, die Zehn steht als 10 da."],
    ["Ist das J ein Joker?", "Nein: Das Blatt hat keine Joker. J ist der Bube (11), Q die Dame (12) und K der König (13); ein Ass zählt immer 1."],
    ["Warum kann ich eine Karte nicht wählen, die ich sehe?", "Spielbar ist eine Karte erst, wenn keine Karte mehr auf ihr liegt, auch nicht mit einer Ecke: Eine Pyramidenkarte wird frei, wenn beide Karten auf ihr weg sind, und von einem Ablagestapel ist nur die oberste Karte spielbar. Tippst du sie trotzdem an, sagt die Seite, welche Karten sie noch überdecken."],
  ],
};

// How to play with mouse, finger and keys.
const KEYS = {
  en: [
    "Click or tap two available cards that add up to 13, or drag one onto the other. A king goes with one click.",
    "Click or tap the stock to draw; the empty stock, to turn the waste over when a pass is left.",
    "Keys: the board is one stop for Tab; there the arrow keys move between available cards, Enter or Space picks one. S goes to the stock, W to the waste; D draws, H hint, U or Ctrl+Z undo, Y or Ctrl+Y redo, P pause, N new game, L large cards, F fullscreen, Esc clears a choice.",
    "Played by ear: a screen reader hears every move (the cards removed, the cards now free, the card drawn and what is left in the stock), and each card says its row and place, and whether it is covered.",
  ],
  de: [
    "Klicke oder tippe zwei spielbare Karten mit der Summe 13 an oder ziehe eine auf die andere. Ein König geht mit einem Klick.",
    "Klicke oder tippe auf den Vorrat, um zu ziehen; auf den leeren Vorrat, um die Ablage umzudrehen, wenn noch ein Durchgang übrig ist.",
    "Tasten: Das Spielfeld ist für Tab ein einziger Halt; dort wechseln die Pfeiltasten zwischen spielbaren Karten, Enter oder Leertaste wählt eine. S springt zum Vorrat, W zur Ablage; D zieht, H Hinweis, U oder Strg+Z zurück, Y oder Strg+Y wiederholen, P Pause, N neues Spiel, L große Karten, F Vollbild, Esc hebt die Auswahl auf.",
    "Nach Gehör: Ein Bildschirmleser hört jeden Zug (die abgelegten Karten, die nun freien, die gezogene Karte und was im Vorrat bleibt), und jede Karte nennt Reihe und Platz und ob sie überdeckt ist.",
  ],
};

// How a family game is played with the pointer (KEYS' first two lines speak of sums of 13 and a stock).
const FAMILY_PLAY = {
  en: "Click or tap two available cards that pair, or drag one onto the other; a card that goes alone, with one click; the stock, where there is one, to draw.",
  de: "Klicke oder tippe zwei spielbare Karten an, die ein Paar sind, oder ziehe eine auf die andere; eine Karte, die allein geht, mit einem Klick; den Vorrat, wo es einen gibt, zum Ziehen.",
};

/** {common, rules, faq: [[question, answer]], tips, keys} for a variant in language `lang`. */
export function rulesFor(variantId, lang, summary = null) {
  const texts = VARIANT_TEXT[lang] ?? VARIANT_TEXT.en;
  // A game of the Pyramid family: its summary says its rules; the six variants' texts (sums of
  // 13 on one pyramid, the solver's hints) would say another game's.
  if (Object.hasOwn(GAMES, variantId)) {
    return { common: [], rules: [summary], faq: [], tips: [], keys: [FAMILY_PLAY[lang] ?? FAMILY_PLAY.en, ...KEYS[lang].slice(2)] };
  }
  // A named rule set or a variant with options: its summary says its rules (a base variant's
  // text would say the wrong passes or goal).
  const text = texts[variantId] ?? (summary ? { ...texts.pyramid, rules: [summary] } : texts.pyramid);
  return { common: COMMON[lang], ...text, faq: [...text.faq, ...COMMON_FAQ[lang]], keys: KEYS[lang] };
}
