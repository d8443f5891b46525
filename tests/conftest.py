"""Shared test configuration.

In CI (``CI=true``) a test may not skip because a tool is missing: every
skip is turned into a failure, so a green run means everything ran.
"""

from __future__ import annotations

import os
import warnings

import pytest
from hypothesis import HealthCheck, settings

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

# Property tests explore new random specs on each local run; in CI they draw the
# same ones every run, so a red CI is reproducible (VW_EXAMPLES searches wider).
# Neither profile has a time limit: Hypothesis's default deadline (200 ms an
# example) and its "too slow" health check measure wall time, so a busy machine
# would fail an example that passes on a quiet one. Work is bounded by the
# number of examples instead; speed is measured in benchmarks/.
UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("local", **UNTIMED)
settings.register_profile("ci", derandomize=True, **UNTIMED)
settings.load_profile("ci" if IN_CI else "local")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI (CI=true), which counts as a failure: {report.longrepr}"


@pytest.fixture(scope="module", autouse=True)
def _registry_as_found(request):
    """Each test module leaves the editions' registry as it found it (the
    registry's own :func:`as_it_was`); an edition a module registered (a
    draft it loaded) and did not unregister is named in a warning. Without
    this, one module's leftover shows up in whichever module a worker of
    ``-n`` runs next (docs/spec.md and the registry's doctest listed
    heresy-draft and heresy-push in CI, on a worker that never loaded them)."""
    from venus_widgets.engine.contract import edition

    before = set(edition.ids())
    with edition.as_it_was():
        yield
        left = [i for i in edition.ids() if i not in before]
    if left:
        warnings.warn(f"{request.node.name} left editions registered: {', '.join(left)} (unregistered after it)")


def pytest_addoption(parser):
    parser.addoption(
        "--edition", action="append", default=[], metavar="MODULE",
        help="also run tests/test_edition_contract.py on the edition in MODULE (an importable module "
             "or package satisfying the edition contract; registered for the run). May be given twice.")
