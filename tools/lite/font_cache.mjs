// matplotlib's font list, made by the site's own Pyodide (tools/lite/build.py).
// Usage: node font_cache.mjs PYODIDE_DIR OUT_FILE [FONT_FILE ...]
// Prints where matplotlib reads the file, from site-packages; the file is what
// matplotlib writes on its first import in the browser ("building the font cache"),
// so the site can ship it and no student waits for it or reads that notice.  Each
// FONT_FILE is put among matplotlib's own fonts first (so the list names it), and
// where it goes is printed on a line of its own.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, out, ...fonts] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(dir) + "/",
  stdout: () => {},
  stderr: () => {},
});
await pyodide.loadPackage(["matplotlib"], { messageCallback: () => {} });
const [site, data] = pyodide.runPython(`
import matplotlib, site
[site.getsitepackages()[0], matplotlib.get_data_path()]
`).toJs();
const added = fonts.map((font) => {
  const path = `${data}/fonts/ttf/${basename(font)}`;
  pyodide.FS.writeFile(path, readFileSync(font));
  return path.slice(site.length + 1);
});
const [name, text] = pyodide.runPython(`
import inspect
import json
import matplotlib.font_manager as fm
# Pyodide's matplotlib reads its font list beside its own modules
if 'joinpath("fontlist.json")' not in inspect.getsource(fm._load_fontmanager):
    raise RuntimeError("this matplotlib reads its font list from elsewhere")
["matplotlib/fontlist.json", json.dumps(fm.fontManager, cls=fm._JSONEncoder, indent=2)]
`).toJs();
writeFileSync(out, text);
console.log([name, ...added].join("\n"));
