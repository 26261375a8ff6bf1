"""A static server for site/ with the same headers as the deployed site.

The headers come from netlify.toml (one source of truth: the end-to-end tests run under the real
caching rules; the security policy is in the pages themselves); a file no rule gives a Cache-Control gets
`no-cache`.
MIME types are set explicitly: a `.wasm` served with any other type makes Pyodide hang silently.
Like Netlify, an address without `.html` (/fall-blau) serves the page (fall-blau.html).
"""

import functools
import http.server
import os
import re
import sys
import tomllib
from pathlib import Path

NETLIFY_TOML = Path(__file__).resolve().parent.parent / "netlify.toml"


def path_pattern(rule: str) -> re.Pattern:
    """A `[[headers]] for` path as Netlify reads it: "/" is the root alone; a part ":name" is one path segment;
    "*" matches anything, slashes included ("/*.html" holds /embed/x.html); a trailing slash is optional;
    letters in any case."""
    parts = [part for part in rule.split("/") if part]
    if not parts:
        return re.compile("/", re.IGNORECASE)
    pattern = ""
    for part in parts:
        if part.startswith(":"):
            pattern += "/[^/]+"
        elif part == "*":
            pattern += "(/.*)?"
        else:
            pattern += "/" + ".*".join(map(re.escape, part.split("*")))
    return re.compile(pattern + "/?", re.IGNORECASE)


def header_rules() -> list:
    with NETLIFY_TOML.open("rb") as file:
        return [(path_pattern(rule["for"]), rule["values"]) for rule in tomllib.load(file).get("headers", [])]


HEADER_RULES = header_rules()


def headers_for(path: str) -> dict:
    """The headers netlify.toml gives the address `path` (every rule that matches it, later ones last)."""
    headers = {}
    for pattern, values in HEADER_RULES:
        if pattern.fullmatch(path):
            headers.update(values)
    return headers


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/octet-stream",
        ".svg": "image/svg+xml",
    }

    def translate_path(self, path):
        local = super().translate_path(path)
        return local + ".html" if not os.path.exists(local) and os.path.isfile(local + ".html") else local

    def end_headers(self):
        headers = headers_for(self.path.split("?")[0].split("#")[0])
        headers.setdefault("Cache-Control", "no-cache")
        headers.pop("Content-Type", None)  # already sent, from extensions_map
        for name, value in headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format, *args):  # keep test output quiet
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser closing a connection mid-download (a closed tab) is normal, not an error.
        if not isinstance(sys.exception(), (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int, host: str = "127.0.0.1") -> SiteServer:
    return SiteServer((host, port), functools.partial(SiteHandler, directory=str(root)))


def serve(root: Path, port: int) -> None:
    server = make_server(root, port)
    print(f"Blitzbox is being served at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    serve(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "site",
          int(sys.argv[2]) if len(sys.argv) > 2 else 8000)
