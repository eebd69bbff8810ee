"""Serve a directory (dist/) on 127.0.0.1 with the MIME types the runtime needs.

Used by `./build.sh serve` and by the browser tests' `site_url` fixture. WebAssembly must come as
application/wasm (for streaming compilation) and .mjs as JavaScript (module scripts). Every
response says Cache-Control: no-cache, so a rebuild is seen at once; offline use is the service
worker's job, not the HTTP cache's.

Nor does it ever answer 304 Not Modified. The standard handler compares If-Modified-Since with the
file's time to the second, so a file rewritten within the second after the browser fetched it
(a quick rebuild; a test that changes sw.js twice in a row) was answered "not modified" and the
browser kept the old bytes, for as long as the file was not touched again.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from contextlib import suppress
from pathlib import Path

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self):  # type: ignore[no-untyped-def]  (the stdlib's own signature)
        del self.headers["If-Modified-Since"]  # always the file as it is now: see the docstring
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib's name)
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: tuple) -> None:
        # A browser that closes a connection mid-response (a closed tab, a cancelled fetch) is normal.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int = 0, verbose: bool = False, handler_class: type = Handler) -> Server:
    """A threading HTTP server for root on 127.0.0.1 (port 0 picks a free port); ``handler_class``
    a subclass of Handler (bench/page.py counts the bytes it serves)."""
    handler = functools.partial(handler_class, directory=str(root))
    server = Server(("127.0.0.1", port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    return server


def serve_in_thread(root: Path, handler_class: type = Handler) -> tuple[Server, str]:
    """Start serving root from a daemon thread; return the server and its base URL."""
    server = make_server(root, handler_class=handler_class)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve dist/ on 127.0.0.1")
    parser.add_argument("root", type=Path)
    parser.add_argument("port", type=int, nargs="?", default=8000)
    args = parser.parse_args()
    server = make_server(args.root, args.port, verbose=True)
    print(f"Пики: http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    with suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
