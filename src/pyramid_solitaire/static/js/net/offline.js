// Offline play: the service worker (/sw.js, see static/sw.js) keeps the page, its modules, styles
// and card images, so after one visit the game opens and plays without a network.

/** Register the worker; `newRelease()` is called when a new release's worker takes over a page
 *  that an older one served (this page's files are the old ones until it is reloaded). */
export function keepForOffline({ newRelease = () => {} } = {}) {
  if (!("serviceWorker" in navigator)) return;
  const servedByOlder = Boolean(navigator.serviceWorker.controller); // none on a first visit
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (servedByOlder) newRelease();
  });
  navigator.serviceWorker.register("/sw.js").catch((err) => console.warn("no offline play:", err));
}
