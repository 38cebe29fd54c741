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

/** The server answered, but not with what the page asked for: a page of HTML (a captive portal,
 *  a proxy's error page), a refusal where none can be, an answer without its fields. Like no
 *  answer, it says nothing about what was sent: the page asks again (and says what it got). */
export class Unusable extends Offline {}

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

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
    const passing = [408, 429].includes(response.status) || response.status >= 500;
    throw new (passing ? Offline : Unusable)(`HTTP ${response.status} without a refusal the page can read`);
  }
  if (!isObject(data)) throw new Unusable(`HTTP ${response.status} that is not a JSON object`);
  return data;
}

/** `answer` when it holds each of `fields` as an object, else Unusable. */
function holding(answer, ...fields) {
  const missing = fields.find((field) => !isObject(answer[field]));
  if (missing !== undefined) throw new Unusable(`an answer without "${missing}"`);
  return answer;
}

/** Offline, the list the service worker kept (sw.js KEPT_API), read from its cache: the page asks
 *  no one (as net/results.js asks nothing offline); null online, or when no copy is kept. */
async function keptVariants() {
  if (globalThis.navigator?.onLine !== false || !globalThis.caches) return null;
  try {
    return await (await caches.match("/api/variants"))?.json() ?? null;
  } catch {
    return null; // a kept copy that is not JSON: asked for, as with no copy
  }
}

/** The list of games: a refusal is the server's mistake here (the page sends nothing to refuse). */
export async function variants() {
  let answer;
  try {
    answer = (await keptVariants()) ?? await send("/api/variants");
  } catch (err) {
    if (err instanceof Refused && !err.passing) throw new Unusable(`the list of games refused: ${err.message}`);
    throw err;
  }
  const list = answer.variants;
  if (!Array.isArray(list) || !list.length || !list.every((v) => isObject(v) && typeof v.id === "string")) {
    throw new Unusable("an answer without a list of games");
  }
  return answer;
}

// options: {daily: "YYYY-MM-DD"} or {winnable_only: true}
export const newGame = async (variant, deal = null, options = {}) =>
  holding(await send("/api/new", deal === null ? { variant, ...options } : { variant, deal }), "record", "view");
export const state = (record) => send("/api/state", { record });
export const move = (record, text) => send("/api/move", { record, move: text });
export const undo = (record, count = 1) => send("/api/undo", count === 1 ? { record } : { record, count });
export const redo = (record) => send("/api/redo", { record });
export const restart = (record) => send("/api/restart", { record });
export const version = () => send("/api/version");
export const hint = (record) => send("/api/hint", { record });
export const review = (record) => send("/api/review", { record });
export const way = (record) => send("/api/way", { record });
