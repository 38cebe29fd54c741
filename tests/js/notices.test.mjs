// play/notices.js: what the player is told of the session's notices, and a message about the
// save kept past the position it comes before. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { createNotices, noticeOf } = await load("play/notices.js");
const { Refused, Unusable } = await load("net/api.js");
const giza = () => "Giza";

test("the server out of reach: asked again in so many seconds, or what needed it", () => {
  const busy = new Refused("busy", 503);
  assert.deepEqual(noticeOf({ type: "offline", error: busy, retryIn: 2500 }, giza),
    { text: "The game server is busy; asking again in 3 s.", ms: 0 });
  assert.match(noticeOf({ type: "offline", error: new Unusable("html"), retryIn: 1000 }, giza).text, /could not use; asking again in 1 s/);
  assert.match(noticeOf({ type: "offline", error: new Error("down"), retryIn: 1000 }, giza).text, /does not answer; asking again/);
  const hint = Object.assign(new Error("down"), { feature: "hint" });
  assert.deepEqual(noticeOf({ type: "offline", error: hint }, giza).ms, 8000);
  assert.match(noticeOf({ type: "offline", error: hint }, giza).text, /^Hints need the game server/);
  assert.equal(noticeOf({ type: "offline", error: busy }, giza).text, "The game server is busy. Try again in a moment.");
});

test("the save's notices, another tab's game, a refusal; nothing for the rest", () => {
  assert.deepEqual(noticeOf({ type: "save-broken", kept: true }, giza).ms, 8000);
  assert.deepEqual(noticeOf({ type: "kept-both" }, giza).ms, 10000);
  assert.match(noticeOf({ type: "refused", error: new Refused("nope", 400) }, giza).text, /^Not possible: /);
  for (const type of ["position", "opening", "busy"]) assert.equal(noticeOf({ type }, giza), null, type);
});

test("a message about the save stays past the next position, once", () => {
  const said = [];
  let cleared = 0;
  const messages = { say: (text, ms) => said.push([text, ms]), clear: () => { cleared += 1; } };
  const notices = createNotices({ board: { shake() {} }, messages, name: () => "Giza" });
  notices.onChange({ type: "save-broken", kept: true });
  assert.equal(said.length, 1);
  notices.clearForPosition();
  assert.equal(cleared, 0, "the position the message is about: it stays");
  notices.clearForPosition();
  assert.equal(cleared, 1, "the position after: the line is cleared");
  notices.onChange({ type: "kept-both" });
  notices.clearForPosition();
  assert.equal(cleared, 2, "another message goes with the next position");
});

test("requests under way mark the page, and need no variant on the table", () => {
  globalThis.document = { body: { dataset: {} } };
  const noVariant = () => {
    throw new TypeError("no variant yet");
  };
  const notices = createNotices({ board: { shake() {} }, messages: { say() {}, clear() {} }, name: noVariant });
  notices.onChange({ type: "busy", busy: true });
  assert.equal(document.body.dataset.busy, "1");
  notices.onChange({ type: "busy", busy: false });
  assert.equal(document.body.dataset.busy, undefined);
});

test("Apophis past three passes, and a family game with overlap discards, need the game server: said with the game's name", () => {
  const needs = (feature) => Object.assign(new Error("offline"), { feature });
  const apophis = noticeOf({ type: "offline", error: needs("family") }, () => "Apophis (4 passes)");
  assert.match(apophis.text, /^Hints, review and Show the way for Apophis \(4 passes\) need the game server/);
  assert.match(apophis.text, /plays Apophis's gathered waste piles for three passes at most/);
  const overlap = noticeOf({ type: "offline", error: needs("overlap") }, () => "Cheops (overlap discards)");
  assert.match(overlap.text, /for Cheops \(overlap discards\) need the game server/);
  assert.doesNotMatch(overlap.text, /Apophis/);
});
