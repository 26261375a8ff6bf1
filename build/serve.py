"""A static server for site/ with the same headers as the deployed site.

The headers come from netlify.toml (one source of truth: the end-to-end tests run under the real
caching rules; the security policy is in the pages themselves); a file no rule gives a Cache-Control gets
`no-cache`.
MIME types are set explicitly: a `.wasm` served with any other type makes Pyodide hang silently.
Like Netlify, an address without `.html` (/fall-blau) serves the page (fall-blau.html).
"""

import fnmatch
import functools
import http.server
import os
import sys
import tomllib
from pathlib import Path

NETLIFY_TOML = Path(__file__).resolve().parent.parent / "netlify.toml"


def header_rules() -> list:
    with NETLIFY_TOML.open("rb") as file:
        return [(rule["for"], rule["values"]) for rule in tomllib.load(file).get("headers", [])]


HEADER_RULES = header_rules()


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
        path = self.path.split("?")[0].split("#")[0]
        headers = {}
        for pattern, values in HEADER_RULES:
            if fnmatch.fnmatch(path, pattern):
                headers.update(values)
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
