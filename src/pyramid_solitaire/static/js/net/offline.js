// Offline play: the service worker (/sw.js, see static/sw.js) keeps the page, its modules, styles
// and card images, so after one visit the game opens and plays without a network.

export function keepForOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch((err) => console.warn("no offline play:", err));
}
