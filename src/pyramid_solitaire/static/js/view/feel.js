// How the game feels: a sound for each move and refusal, a celebration when a game is won.
// A listener of the session, like the screen; it changes no state of the game.

import { celebrate, stopCelebrating } from "./celebrate.js";

/** sound: sound.js; layer: the element the celebration plays on; missed(): a challenge's goal was
 *  missed (a pyramid cleared too late is no win to celebrate). */
export function createFeel({ sound, layer, missed = () => false }) {
  return function onChange(change) {
    if (change.type === "refused" && change.move) sound.play("refused");
    if (change.type !== "position") return;
    const { view } = change.answer;
    if (change.cause === "move") sound.move(change.move, view);
    const justWon = view.won && change.cause === "move" && !(change.previous && change.previous.won);
    if (justWon && !missed()) celebrate(layer);
    else if (!view.won) stopCelebrating(layer);
  };
}
