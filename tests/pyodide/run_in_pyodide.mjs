// Run Blitzbox's engine inside real Pyodide under Node, offline.
//
//   node tests/pyodide/run_in_pyodide.mjs determinism CASES.json   -> prints JSON: playouts made in
//        Pyodide and replays of the move lists in CASES.json (see tests/pyodide/determinism.py)
//   node tests/pyodide/run_in_pyodide.mjs pytest [pytest args...]  -> runs pytest inside Pyodide on the
//        source tree ($BLITZBOX_TREE, else this repository) mounted at /repo; the exit status is pytest's
//   node tests/pyodide/run_in_pyodide.mjs bench SCRIPT.py          -> runs a Python file, prints its stdout
//
// Pyodide comes from build/node_modules/pyodide; packages it lacks (micropip) are read from
// build/.vendor (packageCacheDir), never from the network. Our wheel is $BLITZBOX_WHEEL if set, else the
// newest dist/game_core-*.whl.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TREE = process.env.BLITZBOX_TREE || ROOT;
const VENDOR = join(ROOT, "build", ".vendor");
const TEST_WHEELS = join(VENDOR, "pyodide-test-wheels");
const { loadPyodide } = await import(pathToFileURL(join(ROOT, "build", "node_modules", "pyodide", "pyodide.mjs")).href);

function newestWheel(folder, prefix) {
  const found = readdirSync(folder).filter((f) => f.startsWith(prefix) && f.endsWith(".whl"))
    .map((f) => join(folder, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!found.length) throw new Error(`no ${prefix}*.whl in ${folder}: build it first (python3 build/site.py)`);
  return found[0];
}

const [mode, ...args] = process.argv.slice(2);
const started = performance.now();
const py = await loadPyodide({ packageCacheDir: VENDOR + "/", stdout: (s) => console.error(s), stderr: (s) => console.error(s) });
await py.loadPackage("micropip", { messageCallback: () => {} });
const micropip = py.pyimport("micropip");
await micropip.install(pathToFileURL(process.env.BLITZBOX_WHEEL || newestWheel(join(ROOT, "dist"), "game_core-")).href);
const bootMs = performance.now() - started;

if (mode === "determinism") {
  py.FS.writeFile("/tmp/determinism.py", readFileSync(join(TREE, "tests", "pyodide", "determinism.py")));
  py.FS.writeFile("/tmp/cases.json", readFileSync(args[0]));
  const out = await py.runPythonAsync(`
import json, sys
sys.path.insert(0, "/tmp")
import determinism
json.dumps({"python": sys.version, "platform": sys.platform, "played": determinism.play_cases(),
            "replayed": determinism.replay_cases(json.load(open("/tmp/cases.json")))})
`);
  process.stdout.write(out + "\n");
} else if (mode === "pytest") {
  const wheels = readdirSync(TEST_WHEELS).filter((f) => f.endsWith(".whl")).map((f) => pathToFileURL(join(TEST_WHEELS, f)).href);
  await micropip.install(wheels);
  py.FS.mkdirTree("/repo");
  py.mountNodeFS("/repo", TREE);
  py.globals.set("pytest_args", py.toPy(args));
  const status = await py.runPythonAsync(`
import os, sys, pytest
os.chdir("/repo")
sys.path.insert(0, "/repo/tests/pyodide")
int(pytest.main(["-p", "no:cacheprovider", "-p", "pyodide_plugin", *pytest_args]))
`);
  console.error(`pyodide boot ${bootMs.toFixed(0)} ms`);
  process.exitCode = status;
} else if (mode === "bench") {
  py.setStdout({ batched: (s) => console.log(s) });
  await py.runPythonAsync(readFileSync(args[0], "utf8"));
} else {
  console.error("usage: node tests/pyodide/run_in_pyodide.mjs determinism CASES.json | pytest [args] | bench SCRIPT.py");
  process.exitCode = 2;
}
