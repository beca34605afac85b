// What GET /sw.js writes before the service worker (service/worker.py): the cache's name
// and the page's files.
declare const CACHE: string;
declare const FILES: string[];
