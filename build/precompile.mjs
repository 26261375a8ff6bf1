// Compile Python sources to bytecode with the vendored Pyodide under Node: its CPython is exactly the
// one the browser runs, so the .pyc files match its magic number. A page then imports bytecode instead
// of compiling our modules at every start-up (about 100 ms of a Blitzkrieg! load).
//
//   node build/precompile.mjs < {"game_core/engine.py": "<source>", ...}  -> {"game_core/engine.pyc": "<base64>", ...}
//
// Column positions are left out (PYTHONNODEBUGRANGES): tracebacks keep file and line, the files shrink
// by a quarter. Docstrings too (build/bytecode.py).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(join(HERE, "node_modules", "pyodide", "pyodide.mjs")).href);

let input = "";
for await (const chunk of process.stdin) input += chunk;
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.globals.set("SOURCES", input);
py.runPython(readFileSync(join(HERE, "bytecode.py"), "utf8"));
process.stdout.write(py.runPython(`
import base64, json
json.dumps({path[:-3] + ".pyc": base64.b64encode(pyc(source, path)).decode()
            for path, source in json.loads(SOURCES).items()})
`));
