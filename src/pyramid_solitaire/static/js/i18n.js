// Every text the page shows, in English and German. No other module holds a sentence.

const STRINGS = {
  en: {
    title: "Pyramid solitaire", board: "The pyramid, the stock and the waste",
    games: "Games", newGame: "New game", hint: "Hint", undo: "Undo", redo: "Redo",
    playAgain: "Play again", pause: "Pause", resume: "Resume", large: "Large cards",
    fullscreen: "Fullscreen", more: "More", close: "Close", rules: "Rules and tips",
    deal: "Deal {n}", deck: "Own deck", time: "Time", moves: "Moves",
    pass: "Pass", dealShort: "#{n}",
    variantShort: { pyramid: "Pyramid", classic: "Classic", "classic-redeal": "Redeal", "three-wastes": "Solitaire 13", giza: "Giza", "open-stock": "Open stock" },
    paused: "Paused", pausedText: "The clock is stopped. Resume when you are ready.",
    wonTitle: "You won!",
    wonText: { one: "Cleared in {time} with {count} move.", other: "Cleared in {time} with {count} moves." },
    stuckTitle: "No move left",
    stuckText: "No pair, no king and no card to draw. Undo a few moves, play the deal again, or start a new one.",
    gameMenu: "Choose a game", recent: "Recently played",
    allGames: "All games", markFavourite: "Mark {name} as a favourite",
    unmarkFavourite: "Remove {name} from the favourites", noRecent: "Nothing played yet.",
    settings: "More", language: "Language", autoPause: "Pause automatically (after 5 minutes without input, and when the tab is hidden)",
    playDeal: "Play deal number", go: "Play",
    dealNumberBad: "A deal number is a whole number from 0 to 18,446,744,073,709,551,615.",
    stockEmpty: "Empty stock", recycleHere: "Turn the waste over (recycle)",
    drawHere: { one: "Draw from the stock ({count} card)", other: "Draw from the stock ({count} cards)" },
    hintPair: "Hint: pair {a} with {b}.", hintKing: "Hint: remove {card}.",
    hintDraw: "Hint: draw a card.", hintRecycle: "Hint: turn the waste over.",
    hintNone: "No move is left.", hintUnchecked: "(A legal move; the solver has not checked it.)",
    hintWinning: { one: "(It wins the game.)", other: "(It starts a winning line of {count} moves.)" },
    hintShortest: { one: "(It wins the game.)", other: "(It starts a shortest winning line: {count} moves.)" },
    hintBusy: "(A legal move; the solver is busy and has not checked it.)",
    hintLost: "This position cannot be won any more.",
    hintLastWinnable: "It was last winnable after move {n} ({move}); then {losing} lost it.",
    hintLostAtStart: "It was winnable at the start; the first move, {losing}, lost it.",
    hintNeverWinnable: "This deal cannot be won from the start.",
    hintLostUnknown: "(The solver ran out of time looking for the last winnable position.)",
    hintUndoButton: { one: "Undo {count} move", other: "Undo {count} moves" },
    hintBackThere: "Back after move {n}: from here the game can still be won.",
    hintBackStart: "Back at the start: this deal can be won.",
    statistics: "Statistics", statsTitle: "Statistics: {name}", statsPlayed: "Played", statsWon: "Won",
    statsRate: "Win rate", statsStreak: "Current streak", statsBestStreak: "Best streak",
    statsBestTime: "Best time", statsFewest: "Fewest moves", statsHints: "Hints used",
    statsRecent: "Recent games", statsNone: "No games played yet.",
    statsChartLabel: { one: "The last game: {won} won, {lost} lost", other: "Last {count} games, oldest first: {won} won, {lost} lost" },
    statsWonBar: { one: "won in {count} move", other: "won in {count} moves" }, statsLostBar: "lost",
    statsReset: "Reset statistics", statsResetAsk: "Reset all statistics of {name}? This cannot be undone.",
    statsResetYes: "Yes, reset", cancel: "Cancel", statsResetDone: "The statistics of {name} are reset.",
    statsRule: "A game counts as played from its first move, and as lost when no move is left or when you start another game before winning it.",
    dailyPlay: "Play today's deal", daily: "Daily deal, {date}", dailyShort: "{date}",
    dailyStarted: "The daily deal of {date}: the same cards for everyone today.",
    winnableOnly: "New games in {name}: only deals the solver proves winnable",
    winnableProven: "A winnable deal: the solver has proven it.",
    winnableUnproven: "No winnable deal was proven in time, so this deal is random: it may not be winnable.",
    shareLink: "Share link", copyLink: "Copy", linkCopied: "Link copied: {link}",
    linkCopyFailed: "Copy the link from the field under More.",
    noShareForDeck: "An own deck has no deal number to share.",
    sharedAsk: "This link opens {name}, deal {n}. Your unfinished game (deal {m}, moves made: {k}) would count as lost.",
    sharedLoaded: "Shared deal: {name}, deal {n}.",
    refused: "Not possible: {reason}", saveBroken: "Your saved game could not be read, so a new game has started. The old save is kept as a backup.",
    serverDown: "The game server does not answer. Try again in a moment.",
    hintOffline: "Hints need the game server, which cannot be reached now. Play on: hints work again when you are online.",
    dailyOffline: "The daily deal needs the game server, which cannot be reached now. Try again when you are online.",
    winnableOffline: "Winnable-only deals need the game server, which cannot be reached now, so this deal is random.",
    restored: "Welcome back: your game is restored.",
    fullscreenFallback: "Fullscreen is not available here; the board fills the page instead.",
    keysTitle: "Controls", rulesHead: "Rules", faqHead: "Questions", tipsHead: "Tips",
    // Cards and moves for people (words.js): "the ten of hearts" in a sentence, "10♥ + 3♣" for a move.
    cardName: "the {rank} of {suit}", cardLabel: "{rank} of {suit}",
    rankWords: { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
      9: "nine", T: "ten", J: "jack", Q: "queen", K: "king" },
    suitWords: { c: "clubs", d: "diamonds", h: "hearts", s: "spades" },
    rankShort: { T: "10" }, moveDraw: "draw", moveRecycle: "turn the waste over", quoted: "\u201c{text}\u201d",
    // The move list, the review and watching the shortest win (review.js).
    review: "Review", movesAndReview: "Moves and review", movesNone: "No move played yet.",
    movesCount: { one: "{count} move", other: "{count} moves" },
    backToGame: "Back to the game", shownAfter: "The board after move {n} (look only; the game is unchanged).",
    wayStart: "Show the way from the start", wayHere: "Show the way from here",
    wayNone: "From this position the game cannot be won.",
    mark_winnable: "still winnable", mark_losing: "this move lost the game",
    mark_lost: "played when the game was already lost", mark_unknown: "not decided in time",
    reviewWorking: "The solver is reviewing the game\u2026",
    reviewOffline: "The review needs the game server, which cannot be reached now. Try again when you are online.",
    reviewBusy: "The solver is busy with other players; try the review again in a moment.",
    reviewNeverWinnable: "This deal cannot be won from the start.",
    reviewStart: { one: "From the start, the shortest win takes {count} move.", other: "From the start, the shortest win takes {count} moves." },
    reviewStartLong: { one: "From the start, the game can be won in {count} move.", other: "From the start, the game can be won in {count} moves (the solver found no shorter line in time)." },
    reviewShortestWin: "You won by a shortest line: no win is shorter.",
    reviewLonger: { one: "You won with {count} move more than the shortest win.", other: "You won with {count} moves more than the shortest win." },
    reviewLosing: "Move {n} ({move}) lost the game: before it the game could still be won.",
    reviewAtLoss: { one: "From just before it, the shortest win took {count} move.", other: "From just before it, the shortest win took {count} moves." },
    reviewIncomplete: "Some moves could not be decided in time (marked ?).",
    watchPause: "Pause", watchPlay: "Play", watchStepButton: "Step", watchSlower: "Slower", watchFaster: "Faster",
    watchStop: "Stop", watchPace: "Pace {n}/{of}", watchStep: "Shortest win: move {n} of {count}",
    watchWon: { one: "Won in {count} move. The board goes back to your game.", other: "Won in {count} moves. The board goes back to your game." },
    // the toolbar's short labels (small screens), the end panel, feel and options
    gamesShort: "Games", newShort: "New", hintShort: "Hint", undoShort: "Undo", redoShort: "Redo",
    againShort: "Again", pauseShort: "Pause", largeShort: "Large", fullShort: "Full", moreShort: "More",
    playOn: "Play on", lostTitle: "This game cannot be won any more",
    wonUndos: "Cleared in {time} with {moves} moves and {undos} undos.", wonUndoOne: "Cleared in {time} with {moves} moves and 1 undo.", statsUndos: "Undos in this game",
    soundOption: "Sounds (quiet, for pairs, kings, draws, refusals and a win)",
    autoKingsOption: "Remove kings by themselves", fourColourOption: "Four-colour deck (diamonds blue, clubs green)",
    backOption: "Card back", feltOption: "Table",
    "back-blue": "Blue", "back-red": "Red", "back-green": "Green",
    "felt-green": "Green", "felt-blue": "Blue", "felt-red": "Red", "felt-grey": "Grey",
  },
  de: {
    title: "Pyramiden-Solitär", board: "Die Pyramide, der Vorrat und die Ablage",
    games: "Spiele", newGame: "Neues Spiel", hint: "Hinweis", undo: "Zurück", redo: "Wiederholen",
    playAgain: "Nochmal", pause: "Pause", resume: "Weiter", large: "Große Karten",
    fullscreen: "Vollbild", more: "Mehr", close: "Schließen", rules: "Regeln und Tipps",
    deal: "Partie {n}", deck: "Eigenes Blatt", time: "Zeit", moves: "Züge",
    pass: "Durchgang", dealShort: "Nr. {n}",
    variantShort: { pyramid: "Pyramide", classic: "Klassisch", "classic-redeal": "Zwei Durchgänge", "three-wastes": "Solitaire 13", giza: "Giza", "open-stock": "Offener Vorrat" },
    paused: "Pause", pausedText: "Die Uhr steht. Spiel weiter, wenn du bereit bist.",
    wonTitle: "Gewonnen!",
    wonText: { one: "Abgeräumt in {time} mit {count} Zug.", other: "Abgeräumt in {time} mit {count} Zügen." },
    stuckTitle: "Kein Zug mehr möglich",
    stuckText: "Kein Paar, kein König und keine Karte zum Ziehen. Nimm ein paar Züge zurück, spiele diese Partie nochmal oder beginne eine neue.",
    gameMenu: "Spiel wählen", recent: "Zuletzt gespielt",
    allGames: "Alle Spiele", markFavourite: "{name} als Favorit markieren",
    unmarkFavourite: "{name} aus den Favoriten entfernen", noRecent: "Noch nichts gespielt.",
    settings: "Mehr", language: "Sprache", autoPause: "Automatisch pausieren (nach 5 Minuten ohne Eingabe und wenn der Tab verborgen ist)",
    playDeal: "Partie Nummer", go: "Spielen",
    dealNumberBad: "Eine Partienummer ist eine ganze Zahl von 0 bis 18.446.744.073.709.551.615.",
    stockEmpty: "Leerer Vorrat", recycleHere: "Ablage umdrehen (neuer Durchgang)",
    drawHere: { one: "Vom Vorrat ziehen ({count} Karte)", other: "Vom Vorrat ziehen ({count} Karten)" },
    hintPair: "Hinweis: {a} und {b} zusammen ablegen.", hintKing: "Hinweis: {card} ablegen.",
    hintDraw: "Hinweis: zieh eine Karte.", hintRecycle: "Hinweis: dreh die Ablage um.",
    hintNone: "Es ist kein Zug mehr möglich.", hintUnchecked: "(Ein erlaubter Zug; der Löser hat ihn nicht geprüft.)",
    hintWinning: { one: "(Damit ist das Spiel gewonnen.)", other: "(Damit beginnt ein Gewinnweg mit {count} Zügen.)" },
    hintShortest: { one: "(Damit ist das Spiel gewonnen.)", other: "(Damit beginnt ein kürzester Gewinnweg: {count} Züge.)" },
    hintBusy: "(Ein erlaubter Zug; der Löser ist beschäftigt und hat ihn nicht geprüft.)",
    hintLost: "Diese Stellung ist nicht mehr zu gewinnen.",
    hintLastWinnable: "Zuletzt gewinnbar war es nach Zug {n} ({move}); dann hat {losing} es verloren.",
    hintLostAtStart: "Am Anfang war die Partie gewinnbar; schon der erste Zug, {losing}, hat es verloren.",
    hintNeverWinnable: "Diese Partie ist von Anfang an nicht zu gewinnen.",
    hintLostUnknown: "(Der Löser fand in der Zeit nicht heraus, wann es zuletzt gewinnbar war.)",
    hintUndoButton: { one: "{count} Zug zurück", other: "{count} Züge zurück" },
    hintBackThere: "Zurück nach Zug {n}: von hier ist die Partie noch zu gewinnen.",
    hintBackStart: "Zurück am Anfang: diese Partie ist zu gewinnen.",
    statistics: "Statistik", statsTitle: "Statistik: {name}", statsPlayed: "Gespielt", statsWon: "Gewonnen",
    statsRate: "Gewinnquote", statsStreak: "Aktuelle Serie", statsBestStreak: "Beste Serie",
    statsBestTime: "Beste Zeit", statsFewest: "Wenigste Züge", statsHints: "Hinweise genutzt",
    statsRecent: "Letzte Partien", statsNone: "Noch keine Partie gespielt.",
    statsChartLabel: { one: "Die letzte Partie: {won} gewonnen, {lost} verloren", other: "Die letzten {count} Partien, älteste zuerst: {won} gewonnen, {lost} verloren" },
    statsWonBar: { one: "gewonnen mit {count} Zug", other: "gewonnen mit {count} Zügen" }, statsLostBar: "verloren",
    statsReset: "Statistik zurücksetzen", statsResetAsk: "Die ganze Statistik von {name} zurücksetzen? Das lässt sich nicht rückgängig machen.",
    statsResetYes: "Ja, zurücksetzen", cancel: "Abbrechen", statsResetDone: "Die Statistik von {name} ist zurückgesetzt.",
    statsRule: "Eine Partie zählt ab dem ersten Zug als gespielt, und als verloren, wenn kein Zug mehr geht oder wenn du vor dem Sieg eine andere beginnst.",
    dailyPlay: "Partie des Tages spielen", daily: "Partie des Tages, {date}", dailyShort: "{date}",
    dailyStarted: "Die Partie des Tages ({date}): heute für alle dieselben Karten.",
    winnableOnly: "Neue Partien in {name}: nur solche, die der Löser als gewinnbar beweist",
    winnableProven: "Eine gewinnbare Partie: der Löser hat es bewiesen.",
    winnableUnproven: "In der Zeit ließ sich keine gewinnbare Partie beweisen, darum ist diese zufällig: es ist vielleicht nicht zu gewinnen.",
    shareLink: "Link zum Teilen", copyLink: "Kopieren", linkCopied: "Link kopiert: {link}",
    linkCopyFailed: "Kopiere den Link aus dem Feld unter Mehr.",
    noShareForDeck: "Ein eigenes Blatt hat keine Partienummer zum Teilen.",
    sharedAsk: "Dieser Link öffnet {name}, Partie {n}. Deine laufende Partie ({m}, Züge gemacht: {k}) würde als verloren zählen.",
    sharedLoaded: "Geteilte Partie: {name}, Partie {n}.",
    refused: "Geht nicht: {reason}", saveBroken: "Dein gespeichertes Spiel ließ sich nicht lesen, darum beginnt ein neues. Der alte Spielstand bleibt als Sicherung erhalten.",
    serverDown: "Der Spielserver antwortet nicht. Versuch es gleich noch einmal.",
    hintOffline: "Hinweise brauchen den Spielserver, der gerade nicht erreichbar ist. Spiel weiter: Sobald du online bist, gibt es wieder Hinweise.",
    dailyOffline: "Die Partie des Tages braucht den Spielserver, der gerade nicht erreichbar ist. Versuch es wieder, wenn du online bist.",
    winnableOffline: "Gewinnbare Partien findet nur der Spielserver, und der ist gerade nicht erreichbar, darum ist diese Partie zufällig.",
    restored: "Willkommen zurück: dein Spiel ist wiederhergestellt.",
    fullscreenFallback: "Vollbild gibt es hier nicht; das Spielfeld füllt stattdessen die Seite.",
    keysTitle: "Bedienung", rulesHead: "Regeln", faqHead: "Fragen", tipsHead: "Tipps",
    cardName: "{suit}-{rank}", cardLabel: "{suit}-{rank}",
    rankWords: { A: "Ass", 2: "Zwei", 3: "Drei", 4: "Vier", 5: "Fünf", 6: "Sechs", 7: "Sieben", 8: "Acht",
      9: "Neun", T: "Zehn", J: "Bube", Q: "Dame", K: "König" },
    suitWords: { c: "Kreuz", d: "Karo", h: "Herz", s: "Pik" },
    rankShort: { T: "10", J: "B", Q: "D" }, moveDraw: "Ziehen", moveRecycle: "Ablage umdrehen", quoted: "\u201e{text}\u201c",
    // Zugliste, Analyse und der kürzeste Gewinnweg (review.js).
    review: "Analyse", movesAndReview: "Züge und Analyse", movesNone: "Noch kein Zug gespielt.",
    movesCount: { one: "{count} Zug", other: "{count} Züge" },
    backToGame: "Zurück zum Spiel", shownAfter: "Das Spielfeld nach Zug {n} (nur zum Ansehen; das Spiel bleibt, wie es ist).",
    wayStart: "Gewinnweg vom Anfang zeigen", wayHere: "Gewinnweg von hier zeigen",
    wayNone: "Von dieser Stellung aus ist das Spiel nicht zu gewinnen.",
    mark_winnable: "noch zu gewinnen", mark_losing: "dieser Zug hat das Spiel verloren",
    mark_lost: "gespielt, als das Spiel schon verloren war", mark_unknown: "nicht rechtzeitig entschieden",
    reviewWorking: "Der Löser analysiert das Spiel\u2026",
    reviewOffline: "Die Analyse braucht den Spielserver, der gerade nicht erreichbar ist. Versuch es wieder, wenn du online bist.",
    reviewBusy: "Der Löser ist mit anderen Spielern beschäftigt; versuch die Analyse gleich noch einmal.",
    reviewNeverWinnable: "Dieses Blatt ist von Anfang an nicht zu gewinnen.",
    reviewStart: { one: "Vom Anfang an dauert der kürzeste Gewinnweg {count} Zug.", other: "Vom Anfang an dauert der kürzeste Gewinnweg {count} Züge." },
    reviewStartLong: { one: "Vom Anfang an ist das Spiel in {count} Zug zu gewinnen.", other: "Vom Anfang an ist das Spiel in {count} Zügen zu gewinnen (einen kürzeren Weg fand der Löser nicht rechtzeitig)." },
    reviewShortestWin: "Du hast auf einem kürzesten Weg gewonnen: kürzer geht es nicht.",
    reviewLonger: { one: "Du hast mit {count} Zug mehr als der kürzeste Gewinnweg gewonnen.", other: "Du hast mit {count} Zügen mehr als der kürzeste Gewinnweg gewonnen." },
    reviewLosing: "Zug {n} ({move}) hat das Spiel verloren: davor war es noch zu gewinnen.",
    reviewAtLoss: { one: "Von kurz davor dauerte der kürzeste Gewinnweg {count} Zug.", other: "Von kurz davor dauerte der kürzeste Gewinnweg {count} Züge." },
    reviewIncomplete: "Einige Züge ließen sich nicht rechtzeitig entscheiden (mit ? markiert).",
    watchPause: "Pause", watchPlay: "Weiter", watchStepButton: "Ein Zug", watchSlower: "Langsamer", watchFaster: "Schneller",
    watchStop: "Beenden", watchPace: "Tempo {n}/{of}", watchStep: "Kürzester Gewinnweg: Zug {n} von {count}",
    watchWon: { one: "Gewonnen in {count} Zug. Das Spielfeld geht an dein Spiel zurück.", other: "Gewonnen in {count} Zügen. Das Spielfeld geht an dein Spiel zurück." },
    // the toolbar's short labels (small screens), the end panel, feel and options
    gamesShort: "Spiele", newShort: "Neu", hintShort: "Hinweis", undoShort: "Zurück", redoShort: "Vor",
    againShort: "Nochmal", pauseShort: "Pause", largeShort: "Groß", fullShort: "Vollbild", moreShort: "Mehr",
    playOn: "Weiterspielen", lostTitle: "Diese Partie ist nicht mehr zu gewinnen",
    wonUndos: "Abgeräumt in {time} mit {moves} Zügen und {undos}-mal zurückgenommen.", wonUndoOne: "Abgeräumt in {time} mit {moves} Zügen und einmal zurückgenommen.", statsUndos: "Rücknahmen in dieser Partie",
    soundOption: "Töne (leise, für Paare, Könige, Ziehen, Abweisungen und den Sieg)",
    autoKingsOption: "Könige von selbst ablegen", fourColourOption: "Vierfarbiges Blatt (Karo blau, Kreuz grün)",
    backOption: "Kartenrücken", feltOption: "Tisch",
    "back-blue": "Blau", "back-red": "Rot", "back-green": "Grün",
    "felt-green": "Grün", "felt-blue": "Blau", "felt-red": "Rot", "felt-grey": "Grau",
  },
};

// Every refusal the server or the rules can give, by its code (errors.py, GET /api/codes), with
// parameters filled in by refusals.js: cards and moves in words ({card}, {by}, {move}), the quoted
// text that was refused ({text}), a nested refusal ({reason}); a text that counts is plural forms.
// tests/test_i18n.py fails when a language lacks a code the server sends, or has one it never sends.
const REFUSALS = {
  en: {
    card_invalid: "{text} is not a card", card_rank: "{text} is not a card: no rank {rank}",
    card_suit: "{text} is not a card: no suit {suit}",
    deal_number_invalid: "{text} is not a deal number: a deal number is a whole number from 0 to 18,446,744,073,709,551,615",
    deal_number_range: "{text} is too large for a deal number: the largest is 18,446,744,073,709,551,615",
    deck_not_text: "an own deck is written as text", deck_card: "card {position} of the deck: {reason}",
    deck_missing: { one: "the deck has {count} card; missing: {missing}", other: "the deck has {count} cards; missing: {missing}" },
    deck_repeated: { one: "the deck has {count} card; twice: {repeated}", other: "the deck has {count} cards; twice: {repeated}" },
    deck_repeated_missing: {
      one: "the deck has {count} card; twice: {repeated}; missing: {missing}",
      other: "the deck has {count} cards; twice: {repeated}; missing: {missing}",
    },
    deal_source: "a game needs either a deal number or an own deck", variant_unknown: "there is no game {variant}",
    move_syntax: "{text} is not a move", move_card: "{text} is not a move: {reason}",
    move_kind: "{kind} is no kind of move", game_won: "the game is already won",
    draw_no_stock: "this game has no stock", draw_stock_empty: "the stock is empty",
    draw_stock_empty_recycle: "the stock is empty; turn the waste over",
    recycle_no_stock: "this game has no stock", recycle_one_pass: "this game allows one pass through the stock only",
    recycle_none_left: "no pass through the stock is left",
    recycle_stock_not_empty: "the waste can be turned over only once the stock is empty",
    recycle_waste_empty: "the waste is empty to turn over",
    not_a_king: "{card} is not a king: it goes away only with a card worth {worth}",
    same_card_twice: "a pair needs two different cards", not_thirteen: "{a} and {b} do not add up to 13",
    card_removed: "{card} is already gone", card_covered: "{card} is still covered by {by}",
    card_under_pile: "{card} lies under {top} on pile {pile}", card_under_waste: "{card} lies under {top} on the waste",
    card_under_waste_pile: "{card} lies under {top} on waste pile {pile}", card_in_stock: "{card} is still in the stock",
    card_in_stock_not_top: "{card} is in the stock, but not on top",
    nothing_to_undo: "there is no move to undo", nothing_to_redo: "there is no move to redo",
    undo_too_many: "{count} moves cannot be undone: only {played} are made",
    record_json: "the game record is damaged (line {line}, column {column})",
    record_not_object: "the game record is damaged", record_unknown_fields: "the game record has unknown parts: {fields}",
    record_version: "the game record is of version {version}, not {expected}",
    record_variant_type: "the game record names no game", record_deal_or_deck: "the game record needs either a deal number or an own deck",
    record_deck_type: "the game record's own deck is not written as text", record_deal: "in the game record: {reason}",
    record_moves_type: "the game record's {field} are not a list of moves",
    record_moves_many: "the game record's {field} are {count} moves; at most {limit} are allowed",
    record_move: "in the game record's {field}, move {n} ({move}): {reason}",
    body_too_large: "the request is larger than {limit} bytes", body_too_slow: "the request did not arrive in time",
    request_too_slow: "the request did not arrive within {seconds} s",
    too_many_connections: "the server is busy with too many players; try again in {retry_after} s",
    rate_limited: "too many hints asked for from here; hints rest for {retry_after} s",
    request_not_json: "the request is damaged", request_field_missing: "the request lacks {field}",
    request_field_unknown: "the request has an unknown part {field}", request_field_invalid: "the request's {field} is not valid",
    daily_date: "{text} is not a date", new_conflict: "a new game takes only one of: a deal number, an own deck, a day, winnable only",
    not_found: "there is no page {path}", method_not_allowed: "{method} is not allowed on {path}",
    http_error: "the server answered with error {status}", invalid: "the request is not valid",
  },
  de: {
    card_invalid: "{text} ist keine Karte", card_rank: "{text} ist keine Karte: Wert {rank} gibt es nicht",
    card_suit: "{text} ist keine Karte: Farbe {suit} gibt es nicht",
    deal_number_invalid: "{text} ist keine Partienummer: Eine Partienummer ist eine ganze Zahl von 0 bis 18.446.744.073.709.551.615",
    deal_number_range: "{text} ist zu groß für eine Partienummer: Die größte ist 18.446.744.073.709.551.615",
    deck_not_text: "Ein eigenes Blatt wird als Text geschrieben", deck_card: "Karte {position} des Blatts: {reason}",
    deck_missing: { one: "Das Blatt hat {count} Karte; es fehlt: {missing}", other: "Das Blatt hat {count} Karten; es fehlt: {missing}" },
    deck_repeated: { one: "Das Blatt hat {count} Karte; doppelt: {repeated}", other: "Das Blatt hat {count} Karten; doppelt: {repeated}" },
    deck_repeated_missing: {
      one: "Das Blatt hat {count} Karte; doppelt: {repeated}; es fehlt: {missing}",
      other: "Das Blatt hat {count} Karten; doppelt: {repeated}; es fehlt: {missing}",
    },
    deal_source: "Ein Spiel braucht entweder eine Partienummer oder ein eigenes Blatt", variant_unknown: "Ein Spiel {variant} gibt es nicht",
    move_syntax: "{text} ist kein Zug", move_card: "{text} ist kein Zug: {reason}",
    move_kind: "{kind} ist keine Art von Zug", game_won: "Das Spiel ist schon gewonnen",
    draw_no_stock: "Dieses Spiel hat keinen Vorrat", draw_stock_empty: "Der Vorrat ist leer",
    draw_stock_empty_recycle: "Der Vorrat ist leer; dreh die Ablage um",
    recycle_no_stock: "Dieses Spiel hat keinen Vorrat", recycle_one_pass: "Dieses Spiel erlaubt nur einen Durchgang durch den Vorrat",
    recycle_none_left: "Es ist kein Durchgang durch den Vorrat mehr übrig",
    recycle_stock_not_empty: "Die Ablage lässt sich erst umdrehen, wenn der Vorrat leer ist",
    recycle_waste_empty: "Die Ablage ist leer, es gibt nichts umzudrehen",
    not_a_king: "{card} ist kein König: Ablegen geht nur zusammen mit einer Karte im Wert {worth}",
    same_card_twice: "Ein Paar braucht zwei verschiedene Karten", not_thirteen: "{a} und {b} ergeben zusammen nicht 13",
    card_removed: "{card} ist schon abgelegt", card_covered: "{card} ist noch von {by} verdeckt",
    card_under_pile: "{card} liegt auf Stapel {pile} unter {top}", card_under_waste: "{card} liegt auf der Ablage unter {top}",
    card_under_waste_pile: "{card} liegt auf Ablage {pile} unter {top}", card_in_stock: "{card} liegt noch im Vorrat",
    card_in_stock_not_top: "{card} liegt im Vorrat, aber nicht oben",
    nothing_to_undo: "Es gibt keinen Zug zum Zurücknehmen", nothing_to_redo: "Es gibt keinen Zug zum Wiederholen",
    undo_too_many: "{count} Züge lassen sich nicht zurücknehmen: Gemacht sind erst {played}",
    record_json: "Der Spielstand ist beschädigt (Zeile {line}, Spalte {column})",
    record_not_object: "Der Spielstand ist beschädigt", record_unknown_fields: "Der Spielstand hat unbekannte Teile: {fields}",
    record_version: "Der Spielstand hat Version {version}, nicht {expected}",
    record_variant_type: "Der Spielstand nennt kein Spiel", record_deal_or_deck: "Der Spielstand braucht entweder eine Partienummer oder ein eigenes Blatt",
    record_deck_type: "Das eigene Blatt im Spielstand ist nicht als Text geschrieben", record_deal: "Im Spielstand: {reason}",
    record_moves_type: "Im Spielstand ist {field} keine Liste von Zügen",
    record_moves_many: "Im Spielstand hat {field} {count} Züge; erlaubt sind höchstens {limit}",
    record_move: "Im Spielstand, {field}, Zug {n} ({move}): {reason}",
    body_too_large: "Die Anfrage ist größer als {limit} Bytes", body_too_slow: "Die Anfrage kam nicht rechtzeitig an",
    request_too_slow: "Die Anfrage kam nicht innerhalb von {seconds} s an",
    too_many_connections: "Der Server ist mit zu vielen Spielern beschäftigt; versuch es in {retry_after} s wieder",
    rate_limited: "Zu viele Tipps von hier aus; Tipps pausieren für {retry_after} s",
    request_not_json: "Die Anfrage ist beschädigt", request_field_missing: "In der Anfrage fehlt {field}",
    request_field_unknown: "Die Anfrage hat einen unbekannten Teil {field}", request_field_invalid: "In der Anfrage ist {field} ungültig",
    daily_date: "{text} ist kein Datum", new_conflict: "Ein neues Spiel nimmt nur eines: Partienummer, eigenes Blatt, Tag oder nur gewinnbare",
    not_found: "Die Seite {path} gibt es nicht", method_not_allowed: "{method} ist auf {path} nicht erlaubt",
    http_error: "Der Server antwortete mit Fehler {status}", invalid: "Die Anfrage ist ungültig",
  },
};

// Saves, giving a game up, export and import (issue 9): kept in one block of their own.
const SAVES_STRINGS = {
  en: {
    giveUpTitle: "Give up this game?", giveUpText: "It counts as lost.", giveUp: "Give up", keepPlaying: "Keep playing",
    saveBrokenStays: "Your saved game could not be read, and storage is too full to keep a copy, so it stays where it is. This new game cannot be saved until storage has room.",
    saveFailed: "This game cannot be saved in this browser: its storage is full. You can play on, but the game is lost when the page closes.",
    takenOver: "This game was played on in another tab: its newest position is shown.",
    keptBoth: "This game was played in another tab too. Your game here is shown and saved; the other tab's game is kept as a backup.",
    serverBusy: "The game server is busy. Try again in a moment.",
    serverBusyRetry: "The game server is busy; asking again in {s} s.",
    serverDownRetry: "The game server does not answer; asking again in {s} s.",
    exportAll: "Export games and statistics", importAll: "Import…",
    exportDone: "Your saved games, statistics and settings are in the downloaded file.",
    importTitle: "Import games and statistics?", importYes: "Replace",
    importAskGames: { one: "Saved games in the file: {count}.", other: "Saved games in the file: {count}." },
    importAskStats: { one: "Statistics of {count} game.", other: "Statistics of {count} games." },
    importAsk: "{games} {stats} They replace the saved games, statistics and settings in this browser.",
    importBad: "This file cannot be imported: {reason}. Nothing was changed.",
    importNotJson: "it is not a JSON file", importNotExport: "it is not an export of Pyramid solitaire",
    importFormat: "it is an export of format {format}, which this page does not know",
    importUnknown: "it has an unknown field “{field}”", importField: "the field “{field}” is not valid",
    importFull: "The import did not fit into this browser's storage. Nothing was changed.",
  },
  de: {
    giveUpTitle: "Dieses Spiel aufgeben?", giveUpText: "Es zählt als verloren.", giveUp: "Aufgeben", keepPlaying: "Weiterspielen",
    saveBrokenStays: "Dein gespeichertes Spiel ließ sich nicht lesen, und der Speicher ist zu voll für eine Kopie, darum bleibt es, wo es ist. Dieses neue Spiel lässt sich erst speichern, wenn wieder Platz ist.",
    saveFailed: "Dieses Spiel lässt sich in diesem Browser nicht speichern: sein Speicher ist voll. Du kannst weiterspielen, aber das Spiel geht verloren, wenn die Seite geschlossen wird.",
    takenOver: "Dieses Spiel wurde in einem anderen Tab weitergespielt: sein neuester Stand wird gezeigt.",
    keptBoth: "Dieses Spiel wurde auch in einem anderen Tab gespielt. Dein Spiel hier wird gezeigt und gespeichert; das Spiel des anderen Tabs bleibt als Sicherung erhalten.",
    serverBusy: "Der Spielserver ist ausgelastet. Versuch es gleich noch einmal.",
    serverBusyRetry: "Der Spielserver ist ausgelastet; neue Anfrage in {s} s.",
    serverDownRetry: "Der Spielserver antwortet nicht; neue Anfrage in {s} s.",
    exportAll: "Spiele und Statistik exportieren", importAll: "Importieren…",
    exportDone: "Deine gespeicherten Spiele, die Statistik und die Einstellungen stehen in der heruntergeladenen Datei.",
    importTitle: "Spiele und Statistik importieren?", importYes: "Ersetzen",
    importAskGames: { one: "Gespeicherte Spiele in der Datei: {count}.", other: "Gespeicherte Spiele in der Datei: {count}." },
    importAskStats: { one: "Statistik von {count} Spiel.", other: "Statistik von {count} Spielen." },
    importAsk: "{games} {stats} Sie ersetzen die gespeicherten Spiele, die Statistik und die Einstellungen in diesem Browser.",
    importBad: "Diese Datei lässt sich nicht importieren: {reason}. Es wurde nichts geändert.",
    importNotJson: "sie ist keine JSON-Datei", importNotExport: "sie ist kein Export von Pyramiden-Solitär",
    importFormat: "sie ist ein Export im Format {format}, das diese Seite nicht kennt",
    importUnknown: "sie hat ein unbekanntes Feld „{field}“", importField: "das Feld „{field}“ ist ungültig",
    importFull: "Der Import passte nicht in den Speicher dieses Browsers. Es wurde nichts geändert.",
  },
};
for (const [code, texts] of Object.entries(SAVES_STRINGS)) Object.assign(STRINGS[code], texts);

let lang = "en";

export const LANGUAGES = { en: "English", de: "Deutsch" };

export function browserLanguage() {
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const code of wanted) {
    const base = String(code).slice(0, 2).toLowerCase();
    if (base in STRINGS) return base;
  }
  return "en";
}

export function setLanguage(code) {
  lang = code in STRINGS ? code : "en";
  document.documentElement.lang = lang;
}

export function language() {
  return lang;
}

/** The text for `key` with {name} placeholders filled in. A text that counts something is an
 *  object of plural forms ({one, other}) and takes the form for `params.count` ("1 move", "2 moves"). */
export function t(key, params = {}) {
  return fill(STRINGS[lang][key] ?? STRINGS.en[key] ?? key, params);
}

/** `text` (a template, or plural forms of one, picked by `count`) with {name} placeholders filled
 *  in from `params`. */
export function fill(text, params = {}, count = params.count) {
  if (isPlural(text)) text = text[new Intl.PluralRules(lang).select(Number(count))] ?? text.other;
  if (typeof text !== "string") return text;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

const isPlural = (text) => typeof text === "object" && text !== null && typeof text.other === "string";

export function variantName(variant) {
  return lang === "de" ? variant.name_de : variant.name_en;
}

/** A short name for the status line of a small screen. */
export function variantShortName(variant) {
  return STRINGS[lang].variantShort[variant.id] ?? variantName(variant);
}

export function variantSummary(variant) {
  return lang === "de" ? variant.summary_de : variant.summary_en;
}

/** The template of refusal `code` in the page's language (refusals.js fills it in), or null. */
export const refusalTemplate = (code) => REFUSALS[lang][code] ?? null;

/** Every refusal code each language has: {en: [...], de: [...]} (for tests/test_i18n.py). */
export const refusalCodes = () => Object.fromEntries(Object.entries(REFUSALS).map(([code, all]) => [code, Object.keys(all)]));

/** Fill every element marked data-i18n (text) or data-i18n-label (title and aria-label). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    const text = t(el.dataset.i18nLabel);
    el.title = text;
    el.setAttribute("aria-label", text);
  }
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  document.title = t("title");
}
