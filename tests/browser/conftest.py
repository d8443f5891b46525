"""Fixtures and helpers for the end-to-end tests in a real browser.

Debian's Chromium (``/usr/bin/chromium``) is driven by Playwright's sync API
(``playwright install`` cannot download browsers here). Each test module gets
its own Jupyter server on 127.0.0.1 with a free port, a token, temporary
config/data/runtime/IPython folders and a temporary copy of the notebooks it
opens, so the tests never touch the user's settings or the committed files.

Every test here is marked ``browser`` (``pytest -m browser`` runs them alone).
A missing Chromium is a skip locally and a failure in CI (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PROBE = HERE / "notebooks" / "probe.ipynb"
CHROMIUM = os.environ.get("VW_CHROMIUM", "/usr/bin/chromium")
BIN = Path(sys.executable).parent
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ANNOUNCEMENTS = "@jupyterlab/apputils-extension:announcements"
# Playwright's ``expect`` waits 5 s by default: a kernel round trip on a busy
# 2-core machine running the suite in parallel can take longer. A wait is a
# bound on a hang, not a speed target (speed is benchmarks/bench_widgets.py's).
EXPECT_TIMEOUT_MS = 30_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)
# the probe notebook is opened by the tests, not checked by nbval (it keeps no outputs)
collect_ignore_glob = ["notebooks/*.ipynb"]


def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


# --------------------------------------------------------------------------
# processes


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 60.0, proc: subprocess.Popen | None = None, log: Path | None = None):
    """Poll ``url`` until it answers 200; fail early if ``proc`` died."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            tail = log.read_text(errors="replace")[-3000:] if log else ""
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}\n{tail}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return r.read()
        except Exception as err:  # noqa: BLE001 - not up yet
            last = err
        time.sleep(0.2)
    tail = log.read_text(errors="replace")[-3000:] if log else ""
    raise TimeoutError(f"{url} did not answer in {timeout} s ({last})\n{tail}")


class Server:
    """A process started in its own session, stopped by its pid (and its group)."""

    def __init__(self, cmd, *, env=None, cwd=None, log: Path):
        self.log = log
        self._fh = open(log, "wb")
        self.proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=self._fh, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        self.pid = self.proc.pid

    def stop(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.pid, signal.SIGKILL)
                self.proc.wait(10)
        self._fh.close()


def jupyter_env(base: Path) -> dict:
    """Environment with every Jupyter/IPython folder under ``base`` and the
    announcements toast disabled."""
    env = dict(os.environ)
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "config",
        "JUPYTER_DATA_DIR": base / "data",
        "JUPYTER_RUNTIME_DIR": base / "runtime",
        "IPYTHONDIR": base / "ipython",
        "JUPYTERLAB_SETTINGS_DIR": base / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "lab-workspaces",
        "MPLCONFIGDIR": base / "mpl",
    }
    for k, v in dirs.items():
        v.mkdir(parents=True, exist_ok=True)
        env[k] = str(v)
    labconfig = dirs["JUPYTER_CONFIG_DIR"] / "labconfig"
    labconfig.mkdir(exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": {ANNOUNCEMENTS: True}}))
    slow_kernel(dirs["IPYTHONDIR"])
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env.pop("JUPYTER_PATH", None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


#: ``VW_SLOW_KERNEL_MS=1500 pytest tests/browser/...``: every kernel the tests
#: start waits this long before it answers each message from a widget's view,
#: as on Binder's latency or a busy machine: a test that passes only because
#: the kernel answers fast (a fixed wait, a state read right after a click)
#: fails under it. Off (0) by default.
SLOW_KERNEL_MS = int(os.environ.get("VW_SLOW_KERNEL_MS") or 0)


def slow_kernel(ipython_dir: Path, ms: int = SLOW_KERNEL_MS) -> None:
    """With ``ms`` > 0, an IPython start-up file in ``ipython_dir`` that
    makes the kernel wait ``ms`` before it hands each message of a comm (a
    widget's view) to its widget: as the message arriving late, before the
    widgets' lock (widgets/one_at_a_time.py) is taken."""
    if ms <= 0:
        return
    startup = ipython_dir / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    (startup / "00-vw-slow-kernel.py").write_text(f"""
import time as _vw_time
from comm.base_comm import BaseComm as _VwComm
_vw_answer = _VwComm.handle_msg
def _vw_slow(self, msg, _answer=_vw_answer):
    _vw_time.sleep({ms / 1000!r})
    _answer(self, msg)
_VwComm.handle_msg = _vw_slow
del _vw_slow, _vw_answer, _VwComm
""")


class Jupyter:
    """A running ``jupyter lab`` / ``jupyter notebook`` / ``voila`` server."""

    def __init__(self, app: str, root: Path, base: Path, *, notebook: str | None = None, args: tuple = ()):
        self.app = app
        self.root = root
        self.token = uuid.uuid4().hex
        # A free port can be taken by another process (another test worker's
        # server or kernel) before this server binds it. The server is told
        # not to move to another port (it would then answer where the test
        # does not look), and is started again on a new port if it lost the race.
        for attempt in range(1, 4):
            try:
                self._start(app, root, base, notebook, args, attempt)
                return
            except RuntimeError:
                if attempt == 3 or "in use" not in self.log_tail().lower():
                    raise

    def _start(self, app: str, root: Path, base: Path, notebook: str | None, args: tuple, attempt: int) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = jupyter_env(base)
        common = [f"--port={self.port}", "--no-browser"]
        if app in ("lab", "notebook"):
            cmd = [str(BIN / "jupyter"), app, "--allow-root", "--ip=127.0.0.1", *common,
                   f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={root}",
                   "--ServerApp.port_retries=0", "--expose-app-in-browser", "--ServerApp.log_level=WARN"]
            if app == "lab":
                cmd.append("--LabApp.news_url=")
            status = f"{self.url}/api/status?token={self.token}"
        elif app == "voila":
            cmd = [str(BIN / "voila"), str(root / notebook), *common, "--Voila.ip=127.0.0.1",
                   "--Voila.port_retries=0", f"--token={self.token}", "--show_tracebacks=True"]
            status = f"{self.url}/voila/static/voila.js?token={self.token}"  # ours: it knows the token
        else:  # pragma: no cover
            raise ValueError(app)
        cmd += list(args)  # e.g. voila's --theme=dark
        log = base / (f"{app}.log" if attempt == 1 else f"{app}-{attempt}.log")
        self.server = Server(cmd, env=env, cwd=root, log=log)
        wait_http(status, timeout=90, proc=self.server.proc, log=self.server.log)

    def stop(self):
        self.server.stop()

    def log_tail(self, n: int = 4000) -> str:
        return self.server.log.read_text(errors="replace")[-n:]


@contextmanager
def jupyter_server(app: str, files, *, notebook: str | None = None, args: tuple = ()):
    """Start ``app`` over a temporary root holding copies of ``files``."""
    base = Path(tempfile.mkdtemp(prefix=f"vw-{app}-"))
    root = base / "root"
    root.mkdir()
    for f in files:
        f = Path(f)
        if f.is_dir():
            shutil.copytree(f, root / f.name)
        else:
            shutil.copy2(f, root / f.name)
    server = None
    try:
        server = Jupyter(app, root, base / "home", notebook=notebook, args=args)
        yield server
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(base, ignore_errors=True)


# --------------------------------------------------------------------------
# browser


def have_chromium() -> bool:
    return Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright driver per worker: the sync API allows only one per
    process, so every browser of the worker is launched from it."""
    if not have_chromium():
        pytest.skip(f"{CHROMIUM} missing: run `bash scripts/ensure-tools.sh` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        yield pw
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def browser_context(playwright_driver):
    """One Chromium per worker, fresh user-data-dir removed afterwards."""
    profile = Path(tempfile.mkdtemp(prefix="vw-chromium-"))
    try:
        ctx = playwright_driver.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1400, "height": 1000},
        )
        try:
            yield ctx
        finally:
            ctx.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


class PageWatch:
    """Collects dialogs (and dismisses them), page errors and console errors."""

    def __init__(self, page):
        self.page = page
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []
        page.on("dialog", self._dialog)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.console.append(m.text) if m.type == "error" else None)

    def _dialog(self, dialog):
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()


@pytest.fixture
def page(browser_context):
    page = browser_context.new_page()
    page.set_default_timeout(60_000)
    page.watch = PageWatch(page)
    yield page
    page.close()


# --------------------------------------------------------------------------
# JupyterLab / Notebook 7 helpers


def wait_kernel_idle(page, timeout: float = 60_000):
    """Wait until the status bar shows the kernel as Idle (clicking Run All
    earlier sometimes hangs)."""
    page.wait_for_function(
        """() => {
            const bar = document.querySelector('#jp-main-statusbar');
            if (bar) return /\\bIdle\\b/.test(bar.textContent);
            // Notebook 7 has no status bar: its kernel indicator carries the state
            const ind = document.querySelector('.jp-NotebookKernelStatus, .jp-Notebook-ExecutionIndicator');
            return !!ind && /idle/i.test(ind.getAttribute('data-status') || ind.getAttribute('title') || ind.textContent);
        }""",
        timeout=timeout,
    )


def open_notebook(page, server: Jupyter, name: str, app: str = "lab"):
    """Open ``name`` (relative to the server root) and wait for its kernel."""
    path = "lab/tree" if app == "lab" else "notebooks"
    page.goto(f"{server.url}/{path}/{name}?token={server.token}" + ("&reset" if app == "lab" else ""))
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
    page.wait_for_function("() => !!window.jupyterapp", timeout=60_000)
    wait_kernel_ready(page)


def wait_kernel_ready(page, timeout: float = 90_000):
    """Wait until the current notebook's kernel session is idle (works in Lab,
    Notebook 7 and JupyterLite, which all expose window.jupyterapp)."""
    page.wait_for_function(
        """() => {
            const app = window.jupyterapp;
            const w = app && app.shell && app.shell.currentWidget;
            const ctx = w && w.sessionContext;
            return !!ctx && !!ctx.session && !!ctx.session.kernel
                && ctx.session.kernel.connectionStatus === 'connected'
                && ctx.kernelDisplayStatus === 'idle';
        }""",
        timeout=timeout,
    )


def run_all(page, timeout: float = 120_000) -> bool:
    """Run every cell (stopping at the first error, as Run All does), wait for
    the run to finish and the kernel to be idle; True when no cell failed."""
    page.evaluate(
        """() => {
            window.__vwRunAll = 'running';
            window.jupyterapp.commands.execute('notebook:run-all-cells').then(
                ok => { window.__vwRunAll = ok ? 'ok' : 'failed'; },
                err => { window.__vwRunAll = 'error: ' + err; });
        }"""
    )
    page.wait_for_function(
        """() => window.__vwRunAll !== 'running'
                 && window.jupyterapp.shell.currentWidget.sessionContext.kernelDisplayStatus === 'idle'""",
        timeout=timeout,
    )
    return page.evaluate("() => window.__vwRunAll") == "ok"


def cell_errors(page) -> list[str]:
    """Text of every error output in the current notebook."""
    return page.eval_on_selector_all(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']",
        "els => els.map(e => e.textContent)",
    )


def expect_p(loc, value: float, timeout: float = 10.0):
    """Wait until ``loc``'s data-p attribute is exactly the float ``value``."""
    deadline = time.monotonic() + timeout
    got = None
    while time.monotonic() < deadline:
        got = loc.get_attribute("data-p")
        if got not in (None, "") and float(got) == value:
            return
        time.sleep(0.05)
    raise AssertionError(f"data-p is {got!r}, the engine says {value!r}")


def settle(page) -> None:
    """Wait until the page has laid itself out again: two animation frames,
    so every ResizeObserver callback of the first frame has run and what it
    changed is laid out. A fixed sleep would be too short on a busy machine."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())))")


#: JupyterLab's splash screen: shown over the whole app while a theme loads, faded out (0.5 s) after the
#: theme's name is on the page; a picture taken before it is gone is washed out toward the splash's colour
SPLASH_GONE_JS = "() => !document.getElementById('jupyterlab-splash')"


def lab_theme(page, theme: str) -> None:
    """Switch JupyterLab to ``theme`` ("JupyterLab Light", "JupyterLab Dark") and wait until it is what a
    user sees: the theme's name on the page, its splash screen faded out and gone, the page laid out again."""
    page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme, timeout=30_000)
    page.wait_for_function(SPLASH_GONE_JS, timeout=30_000)
    settle(page)


def set_range(locator, value):
    """Set an <input type=range> the way a user's drag does (input + change events)."""
    locator.evaluate(
        """(el, v) => {
            el.value = String(v);
            el.dispatchEvent(new Event('input', {bubbles: true}));
            el.dispatchEvent(new Event('change', {bubbles: true}));
        }""",
        value,
    )


@pytest.fixture(scope="module")
def lab_probe():
    """JupyterLab over a copy of the probe notebook (one server per module)."""
    with jupyter_server("lab", [PROBE]) as server:
        yield server


# --------------------------------------------------------------------------
# static sites (JupyterLite)


@contextmanager
def static_server(directory: Path):
    """Serve ``directory`` on 127.0.0.1 (threaded, quiet, with the MIME types
    JupyterLite needs) for the duration of the block."""
    import functools
    import http.server
    import threading

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                          ".json": "application/json", ".whl": "application/octet-stream"}

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


class OfflineGuard:
    """Abort and record every request that leaves 127.0.0.1."""

    def __init__(self, page):
        self.outside: list[str] = []
        page.route("**/*", self._route)

    def _route(self, route):
        url = route.request.url
        host = url.split("://", 1)[-1].split("/", 1)[0].split(":")[0]
        if url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()


#: Whether the page's widgets have a message the kernel has not answered yet
#: (its idle status not arrived): JupyterLab's kernel connection keeps a
#: future per message it sent until then.
COMMS_ANSWERED = """() => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    if (!(kernel._futures instanceof Map)) throw new Error('JupyterLab keeps no _futures: kernel_eval cannot wait for clicks');
    return [...kernel._futures.values()].every(f => f.msg.header.msg_type !== 'comm_msg');
}"""


def kernel_eval(page, code: str, timeout: float = 30_000) -> str:
    """Run ``code`` in the current notebook's kernel (not in a cell), once the
    kernel has answered every message the page's widgets sent before it, and
    return what it printed. JupyterLab (4.6 here, with ipykernel 7) sends a
    widget's messages to a kernel subshell, a thread beside the one that runs
    cells, so code run right after a click is not ordered after it: it could
    read the state from before the click (or while the click is answered)."""
    page.wait_for_function(COMMS_ANSWERED, timeout=timeout)
    page.evaluate(
        """code => {
            window.__vwEval = {done: false, out: '', err: ''};
            const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            const future = kernel.requestExecute({code, silent: false, store_history: false});
            future.onIOPub = msg => {
                const t = msg.header.msg_type;
                if (t === 'stream') window.__vwEval.out += msg.content.text;
                if (t === 'error') window.__vwEval.err += msg.content.ename + ': ' + msg.content.evalue;
            };
            future.done.then(() => { window.__vwEval.done = true; });
        }""",
        code,
    )
    page.wait_for_function("() => window.__vwEval.done", timeout=timeout)
    res = page.evaluate("() => window.__vwEval")
    if res["err"]:
        raise AssertionError(f"kernel error running {code!r}: {res['err']}")
    return res["out"]


@contextmanager
def kernel_held(page, widget: str, folder: Path):
    """Until the block ends, the kernel answers no message of ``widget`` (a
    name in the notebook's kernel): what the user does inside the block is
    answered after the last of it, in order, as on a slow link (Binder) or a
    busy machine. The messages wait in the kernel, so the order in which the
    view sent them is kept; the block's end (a file made in ``folder``) lets
    them through, or the function the block is given, called earlier."""
    gate = Path(tempfile.mkdtemp(prefix="gate-", dir=folder)) / "open"
    kernel_eval(page, f"""
import pathlib as _vw_p, time as _vw_t
def _vw_held(msg, _w={widget}, _gate=_vw_p.Path({str(gate)!r}), _answer={widget}._from_view_message):
    while not _gate.exists():
        _vw_t.sleep(0.02)
    _w.comm.on_msg(_answer)
    _answer(msg)
{widget}.comm.on_msg(_vw_held)
""")
    try:
        yield gate.touch  # to let the messages through before the block ends
    finally:
        gate.touch()


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A notebook of code cells (python3 kernel)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nbformat.write(nb, path)
    return path


@contextmanager
def lab_notebook(browser_context, folder: Path, cells: list[str], *, dialogs: bool = False):
    """A page of JupyterLab with a notebook of ``cells`` written in ``folder``,
    every cell run without an error; ``dialogs=True`` records the messages of
    dialogs (dismissed) in ``page.dialogs``."""
    nb = write_notebook(folder / "cells.ipynb", cells)
    with jupyter_server("lab", [nb]) as server:
        page = browser_context.new_page()
        page.set_default_timeout(30_000)
        if dialogs:
            page.dialogs = []
            page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
        try:
            open_notebook(page, server, nb.name)
            assert run_all(page), cell_errors(page)
            yield page
        finally:
            page.close()


@contextmanager
def fresh_page(playwright_driver, prefix: str = "vw-chromium-cold-", **context_options):
    """A page in a browser with a brand-new profile (empty cache and storage);
    dialogs and page errors are recorded. ``context_options`` go to
    Playwright's persistent context (e.g. ``service_workers="block"``)."""
    profile = Path(tempfile.mkdtemp(prefix=prefix))
    ctx = playwright_driver.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000}, **context_options)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.set_default_timeout(60_000)
        page.watch = PageWatch(page)
        yield page
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def cold_page(playwright_driver):
    """A page in a browser with a brand-new profile, for cold-start measurements."""
    with fresh_page(playwright_driver) as page:
        yield page


def roller_widget(page, cell: int, kind: str):
    """The roller of kind ``kind`` (``check``, ``task``, ``pool``, ``log``) in code cell ``cell``."""
    loc = page.locator(".jp-CodeCell").nth(cell).get_by_test_id(f"vw-{kind}")
    loc.wait_for()
    return loc


def roller_spec_from_page(widget) -> dict:
    """The spec a roller shows, read back from its controls (``field-<name>``)
    and its title (``<edition> <roll>``)."""
    fields = widget.locator("[data-testid^=field-]").evaluate_all(
        """els => els.map(e => [e.dataset.testid.slice(6), e.type, e.type === 'checkbox' ? e.checked : e.value])""")
    spec = {}
    for name, kind, value in fields:
        if "-" in name:  # list items (allies, helpers): left to the engine's defaults here
            continue
        if kind == "checkbox":
            spec[name] = bool(value)
        elif kind == "range" or (isinstance(value, str) and value.lstrip("-").isdigit()):
            spec[name] = int(value)
        else:
            spec[name] = value
    title = widget.locator(".vw-sub").first.text_content().split()
    spec.update(edition=title[0], roll=title[1])
    return spec
