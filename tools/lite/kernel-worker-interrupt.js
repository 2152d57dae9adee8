/* gamelab (tools/lite/live_page.py): put at the top of Pyodide's kernel worker.  The
 * page sends the worker a shared buffer first (gamelab-live.js); Pyodide is given it as
 * its interrupt buffer as soon as it is loaded, so Kernel → Interrupt stops a cell. */
(() => {
  let buffer = null;
  let load;
  self.addEventListener("message", (event) => {
    if (event.data && event.data.gamelabInterruptBuffer) {
      buffer = event.data.gamelabInterruptBuffer;
      event.stopImmediatePropagation();
    }
  });
  Object.defineProperty(self, "loadPyodide", {
    configurable: true,
    get: () => load,
    set: (value) => {   // pyodide.js sets it to its module, then to the function
      load = typeof value !== "function" ? value : async (options) => {
        const pyodide = await value(options);
        if (buffer) pyodide.setInterruptBuffer(buffer);
        return pyodide;
      };
    },
  });
})();
