// Compile Python sources to bytecode with the vendored Pyodide under Node: its CPython is exactly the
// one the browser runs, so the .pyc files match its magic number. A page then imports bytecode instead
// of compiling our modules at every start-up (about 100 ms of a Blitzkrieg! load).
//
//   node build/precompile.mjs < {"sources": {"game_core/engine.py": "<source>", ...}, "imports": [[module, [names]], ...]}
//     -> {"bundles": {"game_core/engine.pyc": "<base64>", ...}, "stdlib": {"asyncio/__init__.py": "<base64>", ...}}
//
// "stdlib": the pages' standard library (build/site.py python_bundles): every module of Pyodide's own zip
// that a fresh interpreter holds once it has imported `imports` (each module, and each name of it that is
// a submodule) from the sources, as sources without comments and docstrings (build/bytecode.py lean_source).
// Column positions are left out (PYTHONNODEBUGRANGES): tracebacks keep file and line, the files shrink
// by a quarter. Docstrings too in our own bundles (build/bytecode.py).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(join(HERE, "node_modules", "pyodide", "pyodide.mjs")).href);

let input = "";
for await (const chunk of process.stdin) input += chunk;
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.globals.set("JOB", input);
py.runPython(readFileSync(join(HERE, "bytecode.py"), "utf8"));
const job = JSON.parse(input);
py.runPython("import base64, json, sys, zipfile\njob = json.loads(JOB)");
// A fresh interpreter, where only the imports below (and Pyodide's own start) load standard modules.
const fresh = await loadPyodide();
for (const [path, source] of Object.entries(job.sources)) {
  fresh.FS.mkdirTree(`/tmp/src/${dirname(path)}`);
  fresh.FS.writeFile(`/tmp/src/${path}`, source);
}
fresh.globals.set("IMPORTS", JSON.stringify(job.imports));
const loaded = fresh.runPython(`
import importlib, importlib.util, json, sys
sys.path.insert(0, "/tmp/src")
for module, names in json.loads(IMPORTS):
    importlib.import_module(module)
    for name in names:
        if importlib.util.find_spec(f"{module}.{name}") if hasattr(sys.modules[module], "__path__") else False:
            importlib.import_module(f"{module}.{name}")
zip_path = next(p for p in sys.path if p.endswith(".zip"))
json.dumps(sorted({m.__spec__.origin[len(zip_path) + 1:] for m in list(sys.modules.values())
                   if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(zip_path + "/")}))
`);
py.globals.set("LOADED", loaded);
process.stdout.write(py.runPython(`
zip_path = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(zip_path) as stdlib:
    standard = {path: base64.b64encode(lean_source(stdlib.read(path).decode(), path).encode()).decode()
                for path in json.loads(LOADED)}
json.dumps({"bundles": {path[:-3] + ".pyc": base64.b64encode(pyc(source, path)).decode()
                        for path, source in job["sources"].items()},
            "stdlib": standard})
`));
