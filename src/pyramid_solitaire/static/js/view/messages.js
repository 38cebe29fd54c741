// Short messages to the player on the line under the table, with an optional button; and the
// spoken line, heard and not seen, that tells a player who listens every move.

/** elements: {toast, text, button, spoken}; fitted() is told when a message comes or goes (the
 *  table keeps room for it). */
export function createMessages({ toast, text, button, spoken, fitted = () => {} }) {
  let timer = null;
  let sticky = false;
  let again = false;

  /** Show `message` for `ms` (0: until the position changes), with an optional {label, act}. */
  function say(message, ms = 4000, action = null) {
    text.textContent = message;
    button.hidden = !action;
    button.textContent = action ? action.label : "";
    button.onclick = action ? () => action.act() : null;
    toast.classList.toggle("show", message !== "");
    sticky = ms === 0;
    clearTimeout(timer);
    if (ms > 0) timer = setTimeout(() => {
      toast.classList.remove("show");
      fitted();
    }, ms);
    fitted();
  }

  /** A new action or position: the old message goes, so nothing stale stays in sight. */
  function clear() {
    if (text.textContent !== "" || sticky) say("", 1);
  }

  /** Say `sentence` to a screen reader (a polite live region). The same sentence twice in a row
   *  (two draws of an empty waste...) differs by a space, so it is heard again. */
  function speak(sentence) {
    if (!sentence) return;
    again = !again;
    spoken.textContent = again ? sentence : `${sentence}\u00a0`;
  }

  return { say, clear, speak };
}
