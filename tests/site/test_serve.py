"""tools/serve.py, the server of `./build.sh serve` and of the browser tests."""

from __future__ import annotations

import urllib.request
from pathlib import Path

from serving import serve_module


def test_a_file_rewritten_within_the_same_second_is_served_anew(tmp_path: Path):
    # The browser revalidates (Cache-Control: no-cache) with the Last-Modified it was given, which
    # has whole seconds: a "not modified" answer would keep the old bytes of a quick rewrite.
    (tmp_path / "sw.js").write_text('const BUILD = "one";')
    server, url = serve_module().serve_in_thread(tmp_path)
    try:
        with urllib.request.urlopen(url + "sw.js") as first:
            stamp = first.headers["Last-Modified"]
            assert first.headers["Cache-Control"] == "no-cache"
        (tmp_path / "sw.js").write_text('const BUILD = "two";')
        request = urllib.request.Request(url + "sw.js", headers={"If-Modified-Since": stamp})
        with urllib.request.urlopen(request) as again:
            assert again.status == 200
            assert again.read() == b'const BUILD = "two";'
    finally:
        server.shutdown()
        server.server_close()
