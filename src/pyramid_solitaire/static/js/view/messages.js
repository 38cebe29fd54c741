// Short messages to the player on the line under the table, with an optional button.

/** elements: {toast, text, button}. */
export function createMessages({ toast, text, button }) {
  let timer = null;
  let sticky = false;

  /** Show `message` for `ms` (0: until the position changes), with an optional {label, act}. */
  function say(message, ms = 4000, action = null) {
    text.textContent = message;
    button.hidden = !action;
    button.textContent = action ? action.label : "";
    button.onclick = action ? () => action.act() : null;
    toast.classList.toggle("show", message !== "");
    sticky = ms === 0;
    clearTimeout(timer);
    if (ms > 0) timer = setTimeout(() => toast.classList.remove("show"), ms);
  }

  /** A new action or position: the old message goes, so nothing stale stays in sight. */
  function clear() {
    if (text.textContent !== "" || sticky) say("", 1);
  }

  return { say, clear };
}
