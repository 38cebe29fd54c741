// The player's settings (language, large cards, the automatic pause, the variant played last,
// sound, kings on their own, the cards' looks, the theme), owned here alone: others read them
// with get(key) and change them with change(key, value), which keeps them in the browser
// (store.js holds their format and defaults).

import * as store from "./store.js";

/** `read()` gives the settings as stored, `keep(settings)` stores them (the store's by default). */
export function createSettings({ read = store.settings, keep = store.storeSettings } = {}) {
  let values = read();

  /** The setting `key`; a name that is no setting is a mistake of the page, refused. */
  function get(key) {
    if (!Object.hasOwn(values, key)) throw new TypeError(`no setting ${key}`);
    return values[key];
  }

  /** Change setting `key` to `value` and keep it; a value it cannot take reads as its default
   *  (store.settingsFrom). Returns the value kept. */
  function change(key, value) {
    get(key);
    values = store.settingsFrom({ ...values, [key]: value });
    keep(values);
    return values[key];
  }

  return { get, change, toggle: (key) => change(key, !get(key)) };
}
