// Compile Python sources to bytecode with the vendored Pyodide under Node: its CPython is exactly the
// one the browser runs, so the .pyc files match its magic number. A page then imports bytecode instead
// of compiling our modules at every start-up (about 100 ms of a Blitzkrieg! load).
//
//   node build/precompile.mjs < {"game_core/engine.py": "<source>", ...}  -> {"game_core/engine.pyc": "<base64>", ...}
//
// Column positions are left out (PYTHONNODEBUGRANGES): tracebacks keep file and line, the files shrink
// by a quarter.
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(join(HERE, "node_modules", "pyodide", "pyodide.mjs")).href);

let input = "";
for await (const chunk of process.stdin) input += chunk;
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.globals.set("SOURCES", input);
process.stdout.write(py.runPython(`
import base64, json, marshal, importlib.util
compiled = {}
for path, source in json.loads(SOURCES).items():
    code = compile(source, path, "exec", dont_inherit=True)
    # A sourceless .pyc: magic number, flags (0: timestamp-based), mtime and size unused, then the code.
    header = importlib.util.MAGIC_NUMBER + bytes(12)
    compiled[path[:-3] + ".pyc"] = base64.b64encode(header + marshal.dumps(code)).decode()
json.dumps(compiled)
`));
