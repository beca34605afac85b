// @ts-check
// The page installed to a home screen: the manifest (index.html) and the service worker
// (GET /sw.js), which keeps the page's own files so that it opens offline. The checks
// still need the server: offline, the page says so.
import { notice } from "./notices.js";

function online() {
  notice("offline-notice", navigator.onLine ? null
    : "You are offline: the scorepad runs from this device's copy, but checks need the server. "
      + "Enter the deals now and check them once it is back.");
}

export function setUpInstall() {
  // Over plain HTTP (not localhost) there is no service worker: the page works as before.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => { /* the page works without it */ });
  }
  window.addEventListener("online", online);
  window.addEventListener("offline", online);
  online();
}
