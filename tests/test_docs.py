"""The docs stay true to the code."""

from pathlib import Path

from venus_widgets.engine.reference import field_reference

ROOT = Path(__file__).resolve().parents[1]


def test_spec_reference_is_current():
    """docs/spec.md is generated from the schemas; regenerate with
    `python -m venus_widgets.engine.reference > docs/spec.md`."""
    assert (ROOT / "docs" / "spec.md").read_text() == field_reference()
