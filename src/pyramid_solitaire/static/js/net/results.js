// The players' results API (issue 50, docs/results.md): a finished game posted, a player's results
// deleted, a day's challenges against everyone's. Only state/results.js calls it, and only for a
// player who said yes to sharing.

async function call(path, options = {}) {
  const response = await fetch(path, options);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

let known = null; // once asked: whether the page came from the game server

/** Whether the page came from a game server that keeps results: a static site has no API. */
export function served() {
  // Offline, nothing is asked (the page sends nothing it does not need); asked once online again.
  if (globalThis.navigator?.onLine === false) return Promise.resolve(false);
  known ??= fetch("/api/version").then(
    async (answer) => answer.ok && (answer.headers.get("content-type") || "").includes("json")
      && (await answer.json()).site !== true, // the static site's file says it is one
    () => false,
  );
  return known;
}

export const post = (body) => call("/api/results", {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
});
export const forget = (player) => call(`/api/results/player/${encodeURIComponent(player)}`, { method: "DELETE" });
const query = (params) => new URLSearchParams(params).toString();
/** The day's challenges against everyone's; given the player, where they stand on each. */
export const dayStats = (date, player = null) => call(`/api/daily/${encodeURIComponent(date)}/stats${player ? `?${query({ player })}` : ""}`);
/** A deal's rating and its grade ({grade, grade_source}: "rating" once players have played it enough). */
export const dealRating = (variant, deal) => call(`/api/ratings/deal?${query({ variant, deal })}`);
/** A deal at the player's level ({deal, source: "rating", chance} or {deal, source: "grade", reason, grade}). */
export const atLevel = (player, variant, grade) => call(`/api/deal/at-level?${query({ player, variant, grade })}`);
