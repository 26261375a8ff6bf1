"""A static server for site/ with the headers the site relies on.

It sends `Cache-Control: no-cache` (so a rebuilt file is never served stale in development) and the
right MIME types: a `.wasm` file served with any other type makes Pyodide hang without an error.
"""

import functools
import http.server
import sys
from pathlib import Path


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

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # keep test output quiet
        pass


def make_server(root: Path, port: int, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(root))
    return http.server.ThreadingHTTPServer((host, port), handler)


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
