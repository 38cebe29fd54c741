// state/results.js: sharing is off until the player says yes; yes makes a random id once; a
// finished game is posted once, only when sharing is on, with the record without its redo path;
// "Delete my results" asks the server to remove the id's rows, then forgets the id.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const results = await load("state/results.js");
const realFetch = globalThis.fetch;

beforeEach(() => {
  memoryStorage();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const record = { version: 1, variant: "giza", deal: 1266, moves: ["Ks"], redo: ["Kh"] };

/** A session whose game just ended (won, or stuck) by a move. */
function ended({ won = true } = {}) {
  return { state: { variant: { id: "giza" }, game: "g1", record, view: { won, stuck: !won } } };
}

function sharing(session, posts, asked = []) {
  return results.createSharing({
    session, seconds: () => 42, challenge: () => null, ask: () => asked.push(true),
    post: async (body) => posts.push(body), help: () => ({ hints: 0, undos: 1, way: false }),
  });
}

test("off until yes: the first end asks, and nothing is posted before a yes", () => {
  const posts = [];
  const asked = [];
  const listener = sharing(ended(), posts, asked);
  listener({ type: "position", cause: "move" });
  assert.deepEqual([asked.length, posts.length], [1, 0]);
  results.choose(false);
  listener({ type: "position", cause: "move" });
  assert.deepEqual([asked.length, posts.length], [1, 0]);
  assert.equal(results.choice().player, null);
});

test("yes makes one random id, and each finished game is posted once", () => {
  const posts = [];
  const first = results.choose(true, () => "id-one-0000");
  assert.equal(results.choose(true, () => "id-two-0000").player, first.player);
  const listener = sharing(ended(), posts);
  listener({ type: "position", cause: "move" });
  listener({ type: "position", cause: "move" });
  listener({ type: "position", cause: "undo" });
  assert.equal(posts.length, 1);
  assert.deepEqual(posts[0], {
    player: "id-one-0000", record: { ...record, redo: [] }, help: { hints: 0, undos: 1, way: false }, seconds: 42,
  });
});

test("delete my results asks the server for the id's rows, then forgets the id", async () => {
  results.choose(true, () => "id-one-0000");
  const asked = [];
  globalThis.fetch = async (path, init) => {
    asked.push([path, init?.method]);
    return new Response(JSON.stringify({ player: "id-one-0000", deleted: 3 }), { status: 200 });
  };
  await results.deleteMine();
  assert.deepEqual(asked, [["/api/results/player/id-one-0000", "DELETE"]]);
  assert.deepEqual(results.choice(), { asked: true, share: false, player: null });
});

test("the day's shares, and where the player stands, are asked only when sharing is on", async () => {
  const asked = [];
  globalThis.fetch = async (path) => {
    asked.push(path);
    return new Response(JSON.stringify({
      day: "2026-12-01",
      challenges: [{ id: "2026-12-01-1", met: 0.38, better_than: 0.63 }, { id: "2026-12-01-2", met: null }, { id: "2026-12-01-3", met: 1 }],
    }));
  };
  assert.deepEqual(await results.sharesOf("2026-12-01"), {});
  assert.deepEqual(asked, []);
  results.choose(true, () => "id-one-0000");
  assert.deepEqual(await results.sharesOf("2026-12-01"), {
    "2026-12-01-1": { met: 0.38, better: 0.63 }, "2026-12-01-3": { met: 1, better: null },
  });
  assert.deepEqual(asked, ["/api/daily/2026-12-01/stats?player=id-one-0000"]);
});

test("a way watched for the deal is posted as help.way, for that deal only", () => {
  results.choose(true, () => "id-one-0000");
  const posts = [];
  const post = async (body) => posts.push(body);
  const listener = (session) => results.createSharing({ session, seconds: () => 42, challenge: () => null, ask: () => {}, post });
  listener(ended())({ type: "position", cause: "move" });
  results.noteWay({ ...record, moves: [] }); // watched from the start of the same deal
  const retried = ended();
  retried.state.record = { ...record, moves: ["Ks", "Kh"] };
  listener(retried)({ type: "position", cause: "move" });
  const other = ended();
  other.state.record = { ...record, deal: 7 };
  listener(other)({ type: "position", cause: "move" });
  assert.deepEqual(posts.map((p) => p.help.way), [false, true, false]);
  assert.equal(results.wayShown({ variant: "giza", deck: "AsKh" }), false);
});

test("the deal's rated grade is asked only when sharing is on, and only a rated one is given", async () => {
  const asked = [];
  let source = "rating";
  globalThis.fetch = async (path) => {
    asked.push(path);
    if (path === "/api/version") return new Response(JSON.stringify({ version: "1" }), { headers: { "content-type": "application/json" } });
    return new Response(JSON.stringify({ grade: "hard", grade_source: source }));
  };
  const view = { variant: "pyramid", deal: 104 };
  assert.equal(await results.ratedGrade(view), null);
  assert.deepEqual(asked, []); // not shared: nothing sent
  results.choose(true, () => "id-one-0000");
  assert.equal(await results.ratedGrade(view), "hard");
  assert.ok(asked.includes("/api/ratings/deal?variant=pyramid&deal=104"));
  source = "measure";
  assert.equal(await results.ratedGrade(view), null); // the measure's grade: the page has it already
  assert.equal(await results.ratedGrade({ variant: "pyramid", deal: null }), null); // a deck: no rating
});
