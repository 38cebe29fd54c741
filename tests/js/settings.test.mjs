// state/settings.js: the player's settings, read and changed through its functions alone, kept
// in the browser at each change, with a value a setting cannot take read as its default.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const storage = memoryStorage();
const { createSettings } = await load("state/settings.js");
const { SETTINGS_KEY } = await load("state/store.js");

test("a setting changed is kept, and read so by the next page", () => {
  storage.clear();
  const settings = createSettings();
  assert.equal(settings.get("large"), false, "the default");
  assert.equal(settings.toggle("large"), true);
  assert.equal(settings.change("variant", "giza"), "giza");
  assert.equal(settings.get("large"), true);
  assert.equal(JSON.parse(storage.getItem(SETTINGS_KEY)).variant, "giza");
  const next = createSettings();
  assert.equal(next.get("large"), true);
  assert.equal(next.get("variant"), "giza");
});

test("a value a setting cannot take reads as its default; a name that is no setting is refused", () => {
  storage.clear();
  const settings = createSettings();
  assert.equal(settings.change("theme", "dark"), "dark");
  assert.equal(settings.change("theme", "purple"), "system");
  assert.equal(settings.get("theme"), "system");
  assert.throws(() => settings.get("larg"), /no setting larg/);
  assert.throws(() => settings.change("larg", true), /no setting larg/);
  assert.equal(Object.hasOwn(JSON.parse(storage.getItem(SETTINGS_KEY)), "larg"), false, "nothing kept of it");
});
