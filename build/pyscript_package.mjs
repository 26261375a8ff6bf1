// Print PyScript's own Python package as JSON, {"pyscript/__init__.py": "<source>", ...}, read from the
// vendored bundle: PyScript carries it as an object literal in its core chunk and writes it into the
// working folder at every start. build/site.py compiles it into each page's bundle, so a page restored
// from its snapshot imports bytecode instead of compiling about 20 KB of PyScript's Python each time.
//
//   node build/pyscript_package.mjs <@pyscript/core dist folder>
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const MARKER = '{pyscript:{"__init__.py":';
const dist = process.argv[2];
for (const name of readdirSync(dist).filter((file) => file.endsWith(".js"))) {
  const text = readFileSync(join(dist, name), "utf8");
  const start = text.indexOf(MARKER);
  if (start < 0) continue;
  let end = start, depth = 0, quote = null;  // the literal's closing brace, string literals skipped
  for (; end < text.length; end++) {
    const c = text[end];
    if (quote) { if (c === "\\") end++; else if (c === quote) quote = null; }
    else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) break;
  }
  const files = {};
  const walk = (folder, prefix) => {
    for (const [key, value] of Object.entries(folder)) {
      if (typeof value === "string") files[prefix + key] = value;
      else walk(value, `${prefix}${key}/`);
    }
  };
  walk(Function(`"use strict"; return (${text.slice(start, end + 1)});`)(), "");
  process.stdout.write(JSON.stringify(files));
  process.exit(0);
}
console.error(`PyScript's Python package is in no bundle of ${dist}`);
process.exit(1);
