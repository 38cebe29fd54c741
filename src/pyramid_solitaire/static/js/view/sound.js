// Quiet sounds made on the spot with Web Audio (no sound files): a pair, a king, a draw, a
// refusal and a win. Off until the player switches them on; the switch is kept in the settings.

// Each sound: notes of [frequency Hz, start s, length s, wave], played softly.
const SOUNDS = {
  pair: [[660, 0, 0.09, "sine"], [880, 0.07, 0.12, "sine"]],
  king: [[523, 0, 0.14, "triangle"], [659, 0.06, 0.14, "triangle"], [784, 0.12, 0.22, "triangle"]],
  draw: [[320, 0, 0.05, "triangle"]],
  recycle: [[300, 0, 0.06, "triangle"], [380, 0.06, 0.08, "triangle"]],
  refused: [[190, 0, 0.16, "sine"], [150, 0.08, 0.18, "sine"]],
  win: [[523, 0, 0.16, "triangle"], [659, 0.12, 0.16, "triangle"], [784, 0.24, 0.16, "triangle"],
    [1047, 0.36, 0.45, "triangle"]],
};
const VOLUME = 0.07;

/** isOn() says whether the player wants sound. */
export function createSound(isOn) {
  let context = null;

  function play(kind) {
    const notes = SOUNDS[kind];
    if (!notes || !isOn()) return;
    document.body.dataset.lastSound = kind; // what was played last, for tests and curious players
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    context = context || new Context();
    if (context.state === "suspended") context.resume();
    const t0 = context.currentTime + 0.01;
    for (const [frequency, start, length, wave] of notes) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.type = wave;
      tone.frequency.value = frequency;
      // a soft start and a quick fade, so no note clicks
      gain.gain.setValueAtTime(0, t0 + start);
      gain.gain.linearRampToValueAtTime(VOLUME, t0 + start + 0.012);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      tone.connect(gain).connect(context.destination);
      tone.start(t0 + start);
      tone.stop(t0 + start + length + 0.02);
    }
  }

  /** The sound for a move that was played. */
  function move(text, view) {
    if (view.won) play("win");
    else if (text === "draw" || text === "recycle") play(text);
    else play(text.includes("+") ? "pair" : "king");
  }

  return { play, move };
}
