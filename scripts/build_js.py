"""Bundle the front end: js/widgets.js, which gathers every widget's view,
and the modules it imports into one ES module, venus_widgets/static/widgets.js
(``make js``).

anywidget loads a widget's ``_esm`` from a string, so relative imports
cannot be resolved at run time; esbuild (npm, pinned in package.json,
installed by ``make setup``) resolves them here, at build time. The output
is deterministic: the same sources and esbuild give the same bytes, which
``tests/test_js_bundle.py`` checks.

    python scripts/build_js.py            # write venus_widgets/static/widgets.js
    python scripts/build_js.py --out DIR  # write elsewhere (the test compares)
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from venus_widgets.widgets._assets import BANNER, BUNDLE, ENTRY, STATIC, source_digest  # noqa: E402

ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"


def esbuild() -> Path:
    """The esbuild that package.json pins (``npm ci`` installs it)."""
    if ESBUILD.exists():
        return ESBUILD
    raise SystemExit("esbuild is not installed: run `npm ci` (or `make setup`) in the repository first")


def build(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    target = out / BUNDLE.name
    subprocess.run([str(esbuild()), str(ENTRY), "--bundle", "--format=esm", "--charset=utf8",
                    "--legal-comments=none", "--log-level=warning", f"--banner:js={BANNER + source_digest()}",
                    f"--outfile={target}"], check=True, cwd=ROOT)
    return [target]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=STATIC)
    args = ap.parse_args()
    for path in build(args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    if shutil.which("node") is None:
        raise SystemExit("node is needed to run esbuild")
    main()
