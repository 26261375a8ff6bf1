// Runs bench/think_time.py inside the vendored Pyodide under Node, on this source tree mounted at /repo:
//   node bench/think_time.mjs [--games 3] [--level expert]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(join(ROOT, "build", "node_modules", "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.FS.mkdirTree("/repo");
py.mountNodeFS("/repo", ROOT);
py.globals.set("ARGS", py.toPy(process.argv.slice(2)));
py.runPython(`import sys; sys.path.insert(0, "/repo")`);
py.runPython(readFileSync(join(ROOT, "bench", "think_time.py"), "utf8")
  .replace('if __name__ == "__main__":\n    main()', "main(list(ARGS))"));
