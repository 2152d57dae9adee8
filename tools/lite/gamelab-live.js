/* In every page of the live site, before JupyterLab starts (tools/lite/live_page.py).
 *
 * 1. Cross-origin isolation on any static host: unless the page is isolated already,
 *    register the site's service worker (service-worker.js, which adds the headers)
 *    and load the page once more through it.  Where that cannot be done (no service
 *    worker, not a secure context) the site runs as before, without interrupt.
 * 2. A reload opens the notebook again (JupyterLab takes "?path=" off the address).
 * 3. While Python starts, a note says so (and how long it takes) where the page shows.
 * 4. Kernel → Interrupt: Python's web worker gets a shared buffer at its start
 *    (kernel-worker-interrupt.js hands it to Pyodide); JupyterLite's kernel manager
 *    calls gamelabInterrupt(kernel), which writes SIGINT (2) into it while the kernel
 *    is busy, and Python raises KeyboardInterrupt in the running cell.
 */
(function () {
  "use strict";
  const RELOADED = "gamelab-isolation-reload";

  function serviceWorkerUrl() {
    const config = document.getElementById("jupyter-config-data");
    const root = (config && config.getAttribute("data-jupyter-lite-root")) || ".";
    // the URL JupyterLite registers itself: one registration, one worker
    return new URL(root + "/service-worker.js?enableCache=false", window.location.href).href;
  }

  async function isolate() {
    if (window.crossOriginIsolated) {
      sessionStorage.removeItem(RELOADED);
      return true;
    }
    const workers = navigator.serviceWorker;
    // loaded again at most three times: a busy machine may take long to start the worker,
    // and a page loaded before it was active runs without isolation (then it tries again)
    const tries = Number(sessionStorage.getItem(RELOADED) || 0);
    if (!workers || !window.isSecureContext || tries >= 3) return true;
    try {
      await workers.register(serviceWorkerUrl());
      if (!workers.controller) {
        await new Promise((resolve) => {
          workers.addEventListener("controllerchange", resolve, {once: true});
          // active, it claims the page (controllerchange); if it does not, load anyway
          workers.ready.then(() => setTimeout(resolve, 5000));
          setTimeout(resolve, 120000);
        });
      }
    } catch (error) {
      return true;
    }
    sessionStorage.setItem(RELOADED, String(tries + 1));
    window.location.reload();
    return false;
  }

  /* JupyterLab opens the notebook of "?path=" and then takes it off the address, so a
   * reload (F5, say in the middle of Run All) would open no notebook: a reload of the
   * page without one opens the notebook this tab opened last. */
  const OPENED = "gamelab-opened-path";
  const here = new URL(window.location.href);
  const navigation = performance.getEntriesByType("navigation")[0];
  if (here.searchParams.get("path")) {
    sessionStorage.setItem(OPENED, here.searchParams.get("path"));
  } else if (navigation && navigation.type === "reload" && sessionStorage.getItem(OPENED)) {
    here.searchParams.set("path", sessionStorage.getItem(OPENED));
    window.history.replaceState(window.history.state, "", here.href);
  }

  /** Resolves to whether JupyterLab may start in this page (false: it is reloading). */
  window.gamelabReady = isolate();

  /** The note shown while Python starts: from its worker's creation to its first answer. */
  function loading(shown) {
    let note = document.getElementById("gamelab-loading");
    if (!note && shown && document.body) {
      note = document.createElement("div");
      note.id = "gamelab-loading";
      note.setAttribute("role", "status");
      note.textContent = "__LOADING__";
      document.body.appendChild(note);
    }
    if (note) note.hidden = !shown;
  }

  const buffers = new WeakMap();
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      if (String(url).includes("pyodide-kernel-extension")) loading(true);
      if (window.crossOriginIsolated && String(url).includes("pyodide-kernel-extension")) {
        const buffer = new Int32Array(new SharedArrayBuffer(4));
        buffers.set(this, buffer);
        this.postMessage({gamelabInterruptBuffer: buffer});
      }
    }
  };

  /** Interrupt a busy kernel's running cell; whether the kernel can be interrupted. */
  window.gamelabInterrupt = function (kernel) {
    const buffer = kernel && buffers.get(kernel._worker);
    if (!buffer) return false;
    if (kernel.gamelabBusy > 0) Atomics.store(buffer, 0, 2);
    return true;
  };

  /** A kernel has answered a message: an interrupt it did not use is dropped. */
  window.gamelabSettled = function (kernel) {
    loading(false);   // its first answer comes once Python is ready
    const buffer = kernel && buffers.get(kernel._worker);
    if (buffer && !(kernel.gamelabBusy > 0)) Atomics.store(buffer, 0, 0);
  };
})();
