// The session's requests, one at a time: each runs after the ones before it, so it carries the
// newest record; listeners are told while requests are under way, and why one failed.

import * as api from "../net/api.js";

/** `notify(change)` tells the session's listeners: {type: "busy", busy}, {type: "refused",
 *  error, move}, {type: "offline", error}. Returns run(work). */
export function createRequests(notify) {
  let queue = Promise.resolve();
  let busy = 0;

  /** Run `work` after the requests before it. Resolves to what `work` returns, or undefined when
   *  it failed (listeners are told why). */
  function run(work) {
    const result = queue.then(async () => {
      busy += 1;
      if (busy === 1) notify({ type: "busy", busy: true });
      try {
        return await work();
      } catch (error) {
        if (error instanceof api.Refused) notify({ type: "refused", error, move: error.move ?? null });
        else notify({ type: "offline", error });
        return undefined;
      } finally {
        busy -= 1;
        if (!busy) notify({ type: "busy", busy: false });
      }
    });
    queue = result;
    return result;
  }

  return run;
}
