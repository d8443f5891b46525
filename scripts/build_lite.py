#!/usr/bin/env python3
"""Build a JupyterLite site of the tutorial notebooks into build/lite.

Two modes:

* default (what ``make lite`` builds, for publishing, e.g. on GitHub Pages):
  Pyodide's runtime, the kernel's pure-Python packages, the widgets and this
  project's wheel are in the site; Pyodide's compiled packages (numpy,
  matplotlib, contourpy, kiwisolver, pillow, ...) load in the reader's
  browser from Pyodide's own distribution for the exact version the kernel
  pins, ``https://cdn.jsdelivr.net/pyodide/v<VERSION>/full/`` (the
  jupyterlite-pyodide-kernel default). Their lock entries (version, file name,
  sha256) are the ones Pyodide's ``pyodide-lock.json`` ships, so the browser
  checks each file against the hash Pyodide published.
* ``--pyodide-dist DIR|TAR`` (or ``VW_PYODIDE_DIST``): fully offline. The
  compiled packages come from that full Pyodide distribution of the same
  version and the site loads nothing from outside itself; a package the
  distribution lacks is left out of the lock and listed in ``MISSING.txt``.

Steps:

1. A separate venv (build/lite-venv) holds jupyterlite-core and
   jupyterlite-pyodide-kernel (pinned below) plus the widget front ends
   (anywidget, jupyterlab_widgets) whose lab extensions the site ships. The
   Lite kernel extension must not live in the venv that runs JupyterLab.
2. Pyodide itself comes from the npm registry (``pyodide@V``, V being the
   kernel's ``PYODIDE_VERSION``); its core files go to ``static/pyodide``.
3. Every pure-Python package the kernel and the notebooks load from
   ``pyodide-lock.json`` (micropip, ipython, jedi, matplotlib's pure
   dependencies, ...) is taken as a wheel of the same version from the pip
   registry, placed beside Pyodide, and its ``sha256`` in the lock fixed to
   match. In the default mode every other package of the lock points at the
   CDN by its absolute URL; with ``--pyodide-dist`` the lock keeps only what
   the site ships.
4. This project's wheel, anywidget, ipywidgets, comm, psygnal,
   jupyterlab_widgets go into ``pypi/`` (for ``%pip install``) and into the
   lock (so ``import venus_widgets`` loads them with no ``%pip`` cell);
   ``disablePyPIFallback`` is set.

The build is cached: it is skipped when build/lite/.build-key matches the
hash of its inputs (notebooks, package sources, js/, this script, the pins,
the mode). Builds run one at a time (a lock file in build/), so parallel test
workers share one build.
Usage: python scripts/build_lite.py [--force] [--pyodide-dist PATH] [--out DIR] [--serve PORT]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import lite_contents  # scripts/lite_contents.py: the site's files and their links

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
LITE_VERSION = "0.8.6"
# jupyter_server: the contents addon uses its notebook/file handling
LITE_TOOLS = [f"jupyterlite-core=={LITE_VERSION}", f"jupyterlite-pyodide-kernel=={LITE_VERSION}",
              "jupyter_server==2.21.1"]
# Pure-Python wheels the widgets need in the browser (the kernel ships its own
# ipykernel and widgetsnbextension shims). Versions follow binder/requirements.txt.
BROWSER_PACKAGES = {"anywidget": None, "ipywidgets": None, "jupyterlab_widgets": None, "psygnal": None,
                    "comm": "0.2.3"}
# What the kernel loads from the lock at start (see the pyodide-kernel worker),
# and what the notebooks import.
LOCK_ROOTS = ["micropip", "packaging", "ipython", "jedi", "venus-widgets", "matplotlib"]
PYODIDE_CORE = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                "python_stdlib.zip", "pyodide-lock.json", "package.json"]
ANNOUNCEMENTS = "@jupyterlab/apputils-extension:announcements"


def log(msg: str) -> None:
    print(f"[lite] {msg}", flush=True)


def run(cmd, **kw):
    log(" ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def norm(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def binder_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "==" in line:
            name, ver = line.split("==", 1)
            pins[norm(name)] = ver
    return pins


def browser_pins() -> dict[str, str]:
    pins = binder_pins()
    out = {}
    for name, ver in BROWSER_PACKAGES.items():
        ver = ver or pins.get(norm(name))
        if not ver:
            raise SystemExit(f"no version for {name}: pin it in binder/requirements.txt or BROWSER_PACKAGES")
        out[name] = ver
    return out


def notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))


def inputs_key(pyodide_dist: str | None) -> str:
    h = hashlib.sha256()
    files = [Path(__file__), Path(lite_contents.__file__), ROOT / "pyproject.toml", ROOT / "binder" / "requirements.txt",
             *notebooks(), *lite_contents.linked_files(notebooks())]
    for base in ("venus_widgets", "js"):
        files += sorted(p for p in (ROOT / base).rglob("*")
                        if p.is_file() and "__pycache__" not in p.parts and "node_modules" not in p.parts
                        and "tests" not in p.relative_to(ROOT / base).parts)
    for f in files:
        h.update(str(f.relative_to(ROOT)).encode())
        h.update(f.read_bytes())
    h.update(repr((LITE_TOOLS, BROWSER_PACKAGES, LOCK_ROOTS, sys.version_info[:2], pyodide_dist)).encode())
    return h.hexdigest()[:20]


# ---------------------------------------------------------------- steps


def build_requires() -> list[str]:
    """pyproject.toml's build backend (hatchling), installed once in the Lite venv so that
    building this project's wheel needs no fresh isolated environment each time."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: pip builds in an isolated environment instead
        return []
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]


def lite_venv() -> Path:
    venv = BUILD / "lite-venv"
    want = repr((LITE_TOOLS, browser_pins(), build_requires()))
    marker = venv / ".vw-installed"
    if marker.exists() and marker.read_text() == want:
        return venv
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", venv])
    pins = browser_pins()
    run([venv / "bin" / "python", "-m", "pip", "install", "-q", *LITE_TOOLS, *build_requires(),
         f"anywidget=={pins['anywidget']}", f"jupyterlab_widgets=={pins['jupyterlab_widgets']}"])
    marker.write_text(want)
    return venv


def pyodide_version(venv: Path) -> tuple[str, str, str]:
    """The kernel's pins: Pyodide version, its Python version, and the URL of
    that Pyodide version's full distribution on the CDN (the kernel's default)."""
    out = subprocess.run([venv / "bin" / "python", "-c",
                          "from jupyterlite_pyodide_kernel import constants as c;"
                          "print(c.PYODIDE_VERSION, c.PYODIDE_PYTHON_VERSION, c.PYODIDE_CDN_URL)"],
                         check=True, capture_output=True, text=True).stdout.split()
    return out[0], out[1], out[2].rstrip("/") + "/"


def npm_pyodide(version: str) -> Path:
    prefix = BUILD / "lite-npm"
    pkg = prefix / "node_modules" / "pyodide"
    if (pkg / "package.json").exists() and json.loads((pkg / "package.json").read_text())["version"] == version:
        return pkg
    shutil.rmtree(prefix, ignore_errors=True)
    prefix.mkdir(parents=True)
    (prefix / "package.json").write_text('{"private": true}\n')
    npm = shutil.which("npm")
    if not npm:
        raise SystemExit("npm is needed to fetch Pyodide from the npm registry (apt-get install npm)")
    run([npm, "install", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", prefix, f"pyodide@{version}"])
    return pkg


def dist_wheels(pyodide_dist: str | None, workdir: Path) -> dict[str, Path]:
    """file name -> path of the wheels in a full Pyodide distribution (dir or .tar.bz2)."""
    if not pyodide_dist:
        return {}
    src = Path(pyodide_dist)
    if src.is_file():
        dest = workdir / "pyodide-dist"
        if not dest.exists():
            with tarfile.open(src) as tar:
                tar.extractall(dest, filter="data")
        src = dest
    return {p.name: p for p in src.rglob("*.whl")}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cached_wheel(dest: Path, name: str, ver: str) -> Path | None:
    for p in sorted(dest.glob("*.whl")):
        wname, wver = p.name.split("-")[:2]
        if norm(wname) == norm(name) and wver == ver:
            return p
    return None


def pip_download(venv: Path, name: str, ver: str, py: str, dest: Path) -> Path:
    """The pure-Python wheel name==ver, from dest when an earlier build downloaded it
    (a release's files never change), else from the pip registry."""
    hit = cached_wheel(dest, name, ver)
    if hit:
        return hit
    before = set(dest.glob("*.whl"))
    run([venv / "bin" / "python", "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", py, "--implementation", "py", "--abi", "none", "--platform", "any",
         "-d", dest, f"{name}=={ver}"])
    new = set(dest.glob("*.whl")) - before
    if not new:
        raise SystemExit(f"pip did not give a wheel for {name}=={ver}")
    return new.pop()


def wheel_meta(whl: Path) -> tuple[str, str, list[str]]:
    """(name, version, top-level import names) of a wheel."""
    import zipfile

    with zipfile.ZipFile(whl) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
        top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    fields = dict(line.split(": ", 1) for line in text.splitlines() if ": " in line and not line.startswith(" "))
    imports = sorted(t[:-3] if t.endswith(".py") else t for t in top if not t.endswith(".pth"))
    return fields["Name"], fields["Version"], imports


def build(args) -> Path:
    t0 = time.monotonic()
    out = Path(args.out).resolve()
    key = inputs_key(args.pyodide_dist)
    if not args.force and (out / ".build-key").exists() and (out / ".build-key").read_text() == key:
        log(f"{out} is up to date (key {key})")
        return out
    work = BUILD / "lite-work"
    venv = lite_venv()
    version, py, cdn = pyodide_version(venv)
    offline = bool(args.pyodide_dist)
    pkg = npm_pyodide(version)

    lite_dir = work / "src"
    shutil.rmtree(lite_dir, ignore_errors=True)
    static = lite_dir / "static" / "pyodide"
    pypi = lite_dir / "pypi"
    static.mkdir(parents=True)
    pypi.mkdir(parents=True)
    for name in PYODIDE_CORE:
        if (pkg / name).exists():
            shutil.copy2(pkg / name, static / name)
    lock = json.loads((static / "pyodide-lock.json").read_text())
    packages = lock["packages"]

    # this project's wheel and the widgets' pure-Python wheels
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir()
    isolation = ["--no-build-isolation"] if build_requires() else []
    run([venv / "bin" / "python", "-m", "pip", "wheel", "-q", "--no-deps", *isolation, "-w", wheels, ROOT])
    own = next(wheels.glob("venus_widgets-*.whl"))
    dl = work / "lock-wheels"  # downloaded wheels, kept between builds
    dl.mkdir(exist_ok=True)
    extra = [own] + [pip_download(venv, n, v, py, dl) for n, v in browser_pins().items()]
    depends = {"venus-widgets": ["numpy", "anywidget", "ipywidgets"],
               "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
               "ipywidgets": ["comm", "ipython", "traitlets", "jupyterlab-widgets"],
               "comm": ["traitlets"]}
    for whl in extra:
        shutil.copy2(whl, pypi / whl.name)
        name, ver, imports = wheel_meta(whl)
        n = norm(name)
        packages[n] = {"name": n, "version": ver, "file_name": whl.name, "install_dir": "site",
                       "sha256": sha256(whl), "package_type": "package", "imports": imports,
                       "depends": depends.get(n, []), "unvendored_tests": False}

    # the closure of what the kernel and the notebooks load from the lock
    closure, todo = [], list(LOCK_ROOTS)
    while todo:
        n = norm(todo.pop())
        if n in closure or n not in packages:
            continue
        closure.append(n)
        todo += packages[n]["depends"]
    from_dist = dist_wheels(args.pyodide_dist, work)
    missing = []
    for n in sorted(closure):
        entry = packages[n]
        fname = entry["file_name"]
        target = static / fname
        if (pypi / fname).exists():
            shutil.copy2(pypi / fname, target)
        elif fname in from_dist:
            shutil.copy2(from_dist[fname], target)
        elif fname.endswith("-none-any.whl"):
            got = pip_download(venv, entry["name"], entry["version"], py, dl)
            shutil.copy2(got, static / got.name)
            entry["file_name"] = got.name
            target = static / got.name
        elif not offline:  # a compiled package: from Pyodide's CDN, with Pyodide's own sha256
            entry["file_name"] = cdn + fname
            continue
        else:
            missing.append(f"{n}=={entry['version']} ({fname})")
            continue
        entry["sha256"] = sha256(target)
    for line in missing:
        del packages[norm(line.split("==")[0])]
    # packages that depend on a dropped one cannot load either: drop them too
    dropped = True
    while dropped:
        dropped = False
        for n in [n for n in closure if n in packages]:
            if any(norm(d) not in packages for d in packages[n]["depends"]):
                missing.append(f"{n}=={packages[n]['version']} (needs a missing package)")
                del packages[n]
                dropped = True
    # Offline, keep only what this site ships, so nothing in the lock points to a file that is
    # not here. Otherwise every package the site does not ship loads from Pyodide's CDN (as in
    # the kernel's default set-up), so `import scipy` works on a published site too.
    for n in list(packages):
        fname = packages[n]["file_name"]
        if fname.startswith(cdn) or (static / fname).is_file():
            continue
        if offline:
            del packages[n]
        else:
            packages[n]["file_name"] = cdn + fname
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))

    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Venus Engine rulebook (JupyterLite)",
            "exposeAppInBrowser": True,
            "disabledExtensions": [ANNOUNCEMENTS],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True},
            },
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    contents = work / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    contents.mkdir()
    # the notebooks, and the docs they link with links rewritten for the site's file tree
    lite_contents.fill(contents, notebooks())

    tmp_out = out.with_name(out.name + ".partial")
    shutil.rmtree(tmp_out, ignore_errors=True)
    for db in work.glob(".jupyterlite.doit.db*"):  # doit's task cache: always a full build
        db.unlink()
    env = dict(os.environ)
    for k in ("JUPYTER_PATH", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR"):
        env.pop(k, None)
    run([venv / "bin" / "jupyter", "lite", "build", "--lite-dir", lite_dir, "--contents", contents,
         "--output-dir", tmp_out, "--no-sourcemaps"], cwd=work, env=env)
    # the build's own config wins over the lite dir's: patch ours into the result
    cfg_path = tmp_out / "jupyter-lite.json"
    cfg = json.loads(cfg_path.read_text())
    got = cfg["jupyter-config-data"]
    ours = config["jupyter-config-data"]
    got["appName"] = ours["appName"]
    got["exposeAppInBrowser"] = True
    got["disabledExtensions"] = sorted(set(got.get("disabledExtensions", [])) | set(ours["disabledExtensions"]))
    kernel = got.setdefault("litePluginSettings", {}).setdefault("@jupyterlite/pyodide-kernel-extension:kernel", {})
    kernel["disablePyPIFallback"] = True
    cfg_path.write_text(json.dumps(cfg, indent=2, sort_keys=True))
    assert kernel.get("disablePyPIFallback") is True, kernel
    assert kernel.get("pyodideUrl", "").startswith("./"), f"Pyodide not local: {kernel}"
    if missing:
        (tmp_out / "MISSING.txt").write_text(
            f"Packages the Pyodide distribution given with --pyodide-dist ({args.pyodide_dist})\n"
            f"does not have: give a full Pyodide {version} distribution, or build without\n"
            "--pyodide-dist to load them from Pyodide's CDN:\n" + "\n".join(sorted(missing)) + "\n")
    (tmp_out / ".build-key").write_text(key)
    shutil.rmtree(out, ignore_errors=True)
    tmp_out.rename(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 1e6
    log(f"built {out} in {time.monotonic() - t0:.1f} s ({size:.0f} MB, Pyodide {version}, key {key})")
    if not offline:
        remote = sorted(n for n in closure if packages.get(n, {}).get("file_name", "").startswith(cdn))
        log(f"compiled packages load from {cdn} in the browser: {', '.join(remote)}")
        log("(for a site that needs no network: --pyodide-dist <pyodide-" + version + ".tar.bz2 or folder>)")
    if missing:
        log("WARNING: not in this site (not in the --pyodide-dist distribution): " + ", ".join(sorted(missing)))
    return out


@contextlib.contextmanager
def one_build_at_a_time():
    """Parallel test workers (and a user's second `make lite`) wait for the running build,
    then find it up to date."""
    BUILD.mkdir(exist_ok=True)
    with open(BUILD / ".lite-build.lock", "w") as handle:
        try:
            import fcntl
        except ImportError:  # Windows: no locking
            fcntl = None
        if fcntl:
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(BUILD / "lite"))
    ap.add_argument("--force", action="store_true", help="rebuild even when the inputs did not change")
    ap.add_argument("--pyodide-dist", default=os.environ.get("VW_PYODIDE_DIST"),
                    help="a full Pyodide distribution (folder or .tar.bz2) of the kernel's Pyodide version: "
                         "numpy, matplotlib, ... come from it and the site needs no network "
                         "(default: they load from Pyodide's CDN)")
    ap.add_argument("--serve", type=int, metavar="PORT", help="then serve the site on 127.0.0.1:PORT")
    args = ap.parse_args(argv)
    if args.pyodide_dist and not Path(args.pyodide_dist).exists():
        ap.error(f"--pyodide-dist {args.pyodide_dist}: no such file or folder. Give the folder or the .tar.bz2 "
                 "of a full Pyodide distribution (of the version the kernel pins), or leave the option out "
                 "to load numpy and matplotlib from Pyodide's CDN.")
    with one_build_at_a_time():
        out = build(args)
    if args.serve is None:
        print(f"serve it with: python3 scripts/build_lite.py --serve 8000   (or any static web server)")
        return 0
    serve(out, args.serve)
    return 0


def serve(directory: Path, port: int) -> None:
    """Serve the site with the MIME types Pyodide needs (.mjs, .wasm)."""
    import functools
    import http.server

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                          ".json": "application/json", ".whl": "application/octet-stream"}

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=str(directory)))
    log(f"serving {directory} on http://127.0.0.1:{port}/lab/index.html?path=01-checks.ipynb (Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    sys.exit(main())
