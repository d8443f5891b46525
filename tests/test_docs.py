"""The docs stay true to the code."""

from pathlib import Path

from venus_widgets.engine.reference import field_reference

ROOT = Path(__file__).resolve().parents[1]


def test_spec_reference_is_current():
    """docs/spec.md is generated from the schemas; regenerate with
    `python -m venus_widgets.engine.reference > docs/spec.md`."""
    assert (ROOT / "docs" / "spec.md").read_text() == field_reference()


def test_engine_docstring_examples_hold():
    """The examples in the engine's docstrings are run, so they stay true."""
    import doctest
    import importlib
    import pkgutil

    import venus_widgets
    import venus_widgets.engine as engine

    modules = [venus_widgets, importlib.import_module("venus_widgets.tutorial")]
    modules += [importlib.import_module(f"venus_widgets.engine.{m.name}") for m in pkgutil.iter_modules(engine.__path__)]
    tried = 0
    for module in modules:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__
        tried += result.attempted
    assert tried >= 30


def test_readme_example_runs():
    """The README's engine example runs as printed."""
    import re

    text = (ROOT / "README.md").read_text()
    block = re.search(r"## The engine in three lines\n\n```python\n(.*?)```", text, re.S).group(1)
    exec(compile(block, "README.md", "exec"), {})


def test_readme_roller_examples_build():
    """The README's roller examples construct, with the spec they say."""
    import re

    text = (ROOT / "README.md").read_text()
    block = re.search(r"## The rollers\n.*?```python\n(.*?)```", text, re.S).group(1)
    made = []
    for line in block.splitlines():
        code = line.split("#")[0].strip()
        if code.startswith("vw."):
            made.append(eval(code, {"vw": __import__("venus_widgets")}))
    assert [type(w).__name__ for w in made][:1] == ["TaskRoller"] and len(made) == 4
    assert made[2].spec["edition"] == "agora" and made[2].spec["helpers"] == [5, 5]
    assert made[3].odds.p_pass == __import__("venus_widgets").odds(made[3].spec).p_pass


def test_readme_and_docs_links_point_at_files_that_exist():
    import re

    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for link in re.findall(r"\]\(([^)#\s]+)\)", page.read_text()):
            if not link.startswith(("http://", "https://")):
                assert (page.parent / link).exists(), f"{page.name}: {link}"
