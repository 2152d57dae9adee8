/* The live site's service worker, in place of JupyterLite's own (same URL, same scope,
 * so JupyterLite registers this one and the two never compete).
 *
 * It does JupyterLite's work: answers the heartbeat, and relays the kernel's file and
 * input requests (/api/drive, /api/stdin/) to the page over the "/sw-api.v1" channel,
 * which JupyterLite uses when the page is not cross-origin isolated.  And it adds the
 * two headers that make the site's pages cross-origin isolated
 * (Cross-Origin-Opener-Policy, Cross-Origin-Embedder-Policy) to every response of the
 * site, whatever static host serves it: isolated, the page may share memory with
 * Python's web worker, through which Kernel → Interrupt reaches a running cell.
 * Requests for other hosts are left alone (the site makes none).
 */
"use strict";

const CHANNEL = new BroadcastChannel("/sw-api.v1");
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/api/service-worker-heartbeat") {
    event.respondWith(new Response("ok"));
  } else if (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/")) {
    event.respondWith(relay(event.request, url));
  } else if (event.request.method === "GET" && !url.pathname.includes("/api/")) {
    event.respondWith(isolated(event.request));
  }
});

/* The response, with the isolation headers added (a redirect passes unchanged). */
async function isolated(request) {
  const response = await fetch(request);
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body,
                      {status: response.status, statusText: response.statusText, headers});
}

/* A kernel's request, answered by the page that started the kernel. */
async function relay(request, url) {
  const message = await request.json();
  const answer = new Promise((resolve) => {
    const listen = (event) => {
      if (event.data.browsingContextId !== message.browsingContextId) return;
      CHANNEL.removeEventListener("message", listen);
      resolve(new Response(JSON.stringify(event.data.response)));
    };
    CHANNEL.addEventListener("message", listen);
  });
  message.pathname = url.pathname;
  CHANNEL.postMessage(message);
  return answer;
}
