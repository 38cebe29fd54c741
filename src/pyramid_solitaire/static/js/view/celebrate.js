// A short celebration of a win: card suits burst over the table and drift down, or, for players
// who ask for less motion, a calm glow of the panel only.

const SUITS = ["\u2665", "\u2666", "\u2663", "\u2660"];
const SPARKS = 36;

/** Celebrate on `el` (a layer over the table); data-playing says how ("full" or "reduced"). */
export function celebrate(el) {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.replaceChildren();
  el.dataset.playing = reduced ? "reduced" : "full";
  if (reduced) return;
  for (let n = 0; n < SPARKS; n += 1) {
    const spark = document.createElement("span");
    spark.className = `spark ${n % 4 < 2 ? "red" : "black"}`;
    spark.textContent = SUITS[n % 4];
    // where each suit starts, how far it flies and spins, and when: spread evenly, with a little chance
    spark.style.setProperty("--x", `${(100 * (n + Math.random())) / SPARKS}%`);
    spark.style.setProperty("--dx", `${Math.round((Math.random() - 0.5) * 160)}px`);
    spark.style.setProperty("--turn", `${Math.round((Math.random() - 0.5) * 720)}deg`);
    spark.style.setProperty("--delay", `${(Math.random() * 1.2).toFixed(2)}s`);
    spark.style.setProperty("--size", `${(1.2 + Math.random() * 1.4).toFixed(2)}em`);
    el.append(spark);
  }
}

/** The celebration is over (another game, an undo). */
export function stopCelebrating(el) {
  if (!el.dataset.playing) return;
  el.replaceChildren();
  delete el.dataset.playing;
}
