#!/usr/bin/env bash
# «Пики» — vendor the runtime, assemble the site, serve, test, bench.
#
#   ./build.sh [build]        fetch + verify the runtime (npm), assemble the site in dist/
#   ./build.sh serve [PORT]   build, then serve dist/ on http://127.0.0.1:PORT/ (default 8000)
#   ./build.sh test [ARGS]    install the test tools (.venv, Chromium), ruff + mypy, build, run pytest tests/
#   ./build.sh bench          build, then the engine's and the page's benchmarks
#   ./build.sh lock           rewrite vendor.sha256 after changing runtime.lock
#
# Environment: PIKI_CACHE (default .cache/) holds the npm tarballs and their unpacked packages;
# PIKI_DIST (default dist/) is where the site is assembled; PIKI_CHROMIUM=playwright makes the
# tests use Playwright's Chromium even where /usr/bin/chromium or apt is available.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"
export PIKI_CACHE="${PIKI_CACHE:-$ROOT/.cache}"
export PIKI_DIST="${PIKI_DIST:-$ROOT/dist}"
VENV="$ROOT/.venv"

die() { echo "build.sh: error: $*" >&2; exit 1; }
say() { echo "build.sh: $*"; }

need() {
    # need TOOL HINT: stop with a clear message when TOOL is not on PATH.
    command -v "$1" >/dev/null 2>&1 || die "'$1' is required but not installed ($2)"
}

python_ok() {
    need python3 "install Python 3.11 or newer, e.g. apt-get install python3 python3-venv"
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "Python 3.11 or newer is required (found $(python3 --version 2>&1))"
}

do_build() {
    python_ok
    if [ ! -d "$PIKI_CACHE/npm" ] || [ -z "$(ls -A "$PIKI_CACHE/npm" 2>/dev/null)" ]; then
        need npm "the runtime comes from the npm registry: apt-get install npm (or install Node.js)"
    fi
    python3 tools/site.py build --cache "$PIKI_CACHE" --dist "$PIKI_DIST"
}

do_serve() {
    local port="${1:-8000}"
    [[ "$port" =~ ^[0-9]+$ ]] || die "serve: the port must be a number, not '$port'"
    do_build
    say "serving $PIKI_DIST"
    exec python3 tools/serve.py "$PIKI_DIST" "$port"
}

venv() {
    # .venv with the package and its test extras; reinstalled only when pyproject.toml changes.
    python_ok
    local stamp="$VENV/.piki-installed"
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating $VENV"
        python3 -m venv "$VENV" || die "python3 -m venv failed (apt-get install python3-venv)"
    fi
    if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
        say "installing the package with its test extras into $VENV"
        "$VENV/bin/python" -m pip install --quiet --upgrade pip
        "$VENV/bin/python" -m pip install --quiet -e '.[test]'
        touch "$stamp"
    fi
}

chromium() {
    # The browser for Playwright: Debian's chromium where apt can install it, else Playwright's.
    # PIKI_CHROMIUM=playwright forces Playwright's own build (e.g. on Ubuntu, whose chromium is a snap).
    if [ "${PIKI_CHROMIUM:-}" = playwright ]; then
        say "installing Playwright's Chromium"
        local deps=""
        [ "${CI:-}" != true ] || deps="--with-deps"
        "$VENV/bin/python" -m playwright install $deps chromium || die "playwright install chromium failed"
        return
    fi
    if [ -x /usr/bin/chromium ]; then return; fi
    if command -v apt-get >/dev/null 2>&1; then
        say "installing Chromium with apt-get"
        local sudo=""
        [ "$(id -u)" = 0 ] || sudo="sudo"
        $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium \
            || die "apt-get install chromium failed"
    else
        say "installing Playwright's Chromium"
        "$VENV/bin/python" -m playwright install chromium || die "playwright install chromium failed"
    fi
}

do_test() {
    venv
    chromium
    need node "the engine's tests also run inside Pyodide under Node.js: apt-get install nodejs"
    say "ruff check (py, tools, bench, tests); mypy (every function of py/ annotated; the engine strict)"
    "$VENV/bin/ruff" check py tools bench tests || die "ruff found problems (see above)"
    "$VENV/bin/mypy" || die "mypy found problems (see above)"
    (cd py && "$VENV/bin/mypy" --strict -p spades) || die "mypy --strict found problems in py/spades (see above)"
    do_build
    say "running pytest tests/"
    local status=0
    "$VENV/bin/python" -m pytest tests/ "$@" || status=$?
    [ "$status" -ne 5 ] || die "pytest collected no tests"
    return "$status"
}

do_bench() {
    venv
    chromium
    do_build
    # the optional bench extra: OpenSpiel's C++ spades, measured side by side with ours
    if ! "$VENV/bin/python" -c 'import pyspiel' >/dev/null 2>&1; then
        "$VENV/bin/pip" install -q -e '.[bench]' \
            || say "open-spiel could not be installed: the engine benchmark runs without it"
    fi
    say "engine benchmark: python -m spades bench"
    PYTHONPATH="$ROOT/py" "$VENV/bin/python" -m spades bench
    say "page benchmark"
    "$VENV/bin/python" bench/page.py "$PIKI_DIST"
    say "table benchmark: a hand at «Сложный», main-thread long tasks and think time"
    "$VENV/bin/python" bench/table.py "$PIKI_DIST"
}

command="${1:-build}"
[ $# -eq 0 ] || shift
case "$command" in
    build) do_build ;;
    serve) do_serve "$@" ;;
    test) do_test "$@" ;;
    bench) do_bench "$@" ;;
    lock) python_ok; python3 tools/site.py lock --cache "$PIKI_CACHE" ;;
    -h|--help|help) sed -n '2,/^set /{/^#/p}' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command '$command' (try: build, serve, test, bench, lock, help)" ;;
esac
