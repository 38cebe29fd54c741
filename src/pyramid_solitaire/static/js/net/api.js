// Talks to the server. Every answer is {record, view, ...}; a refusal carries `error` (English),
// `code` (errors.py) and `params`, which the page shows in the player's language (text/refusals.js).

export class Refused extends Error {
  constructor(message, status, code = null, params = {}, retryAfter = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = params;
    this.retryAfter = retryAfter; // seconds, when the server said how long to wait
  }

  /** A timeout, too many requests or a server error: no verdict on what was sent; ask again. */
  get passing() {
    return this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export class Offline extends Error {}

async function send(path, body) {
  let response;
  try {
    response = await fetch(path, body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new Offline(String(err));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const wait = Number.parseFloat(response.headers.get("Retry-After"));
    const retryAfter = Number.isFinite(wait) ? wait : null;
    if (data && typeof data.error === "string") {
      throw new Refused(data.error, response.status, data.code, data.params, retryAfter);
    }
    throw new Offline(`HTTP ${response.status}`);
  }
  return data;
}

export const variants = () => send("/api/variants");
// options: {daily: "YYYY-MM-DD"} or {winnable_only: true}
export const newGame = (variant, deal = null, options = {}) =>
  send("/api/new", deal === null ? { variant, ...options } : { variant, deal });
export const state = (record) => send("/api/state", { record });
export const move = (record, text) => send("/api/move", { record, move: text });
export const undo = (record, count = 1) => send("/api/undo", count === 1 ? { record } : { record, count });
export const redo = (record) => send("/api/redo", { record });
export const restart = (record) => send("/api/restart", { record });
export const hint = (record) => send("/api/hint", { record });
export const review = (record) => send("/api/review", { record });
export const way = (record) => send("/api/way", { record });
