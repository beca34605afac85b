// @ts-check
// The scorepad's service worker: it keeps the page's own files, so that the page opens
// without the network and can be installed to a home screen. GET /sw.js serves this file
// with two constants before it, made from the package's files: CACHE (named from their
// contents, so a new release fills a new cache and the old one is dropped) and FILES
// (the page and every file under /scorepad/).
//
// Network first: online, the director always has the server's files (revalidated, as the
// page's files are no-cache); offline, the copy kept. Nothing else is touched: the
// checks (POST) and the API go to the server, or fail as the page says.
/* global CACHE, FILES */
// The worker's own scope, typed loosely: the page's type-check knows the window's.
const worker = /** @type {any} */ (self);

worker.addEventListener("install", (/** @type {any} */ event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (/** @type {any} */ event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("muggins-") && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => worker.clients.claim()));
});

worker.addEventListener("fetch", (/** @type {any} */ event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== worker.location.origin || url.search
      || !FILES.includes(url.pathname)) return;
  event.respondWith(networkFirst(event.request, url.pathname));
});

async function networkFirst(request, path) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(path, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(path);
    if (kept) return kept;
    throw error;
  }
}
