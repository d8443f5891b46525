"""Sphinx configuration of the rulebook's reading edition (``make book``).

scripts/build_book.py copies this file, docs/book/index.md, the built
chapters (notebooks/) and the docs pages into build/book-src and runs Sphinx
there, offline: the notebooks are not executed again (their saved outputs,
the widgets' stills among them, are what the pages show), and nothing is
loaded from another host when a page is read.
"""

project = "The Venus Engine rulebook"
author = "venus-widgets developers"
copyright = "venus-widgets developers"

extensions = ["myst_nb"]
root_doc = "index"
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]  # the rules pages start at H2 (parts of rules.md)

# The chapters are executed when they are built (scripts/make_notebooks.py): read them as saved.
nb_execution_mode = "off"
# A saved widget carries its still as HTML (and a text form); without its widget state the view
# output is gone, and the still is what the page shows.
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_merge_streams = True

myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

html_theme = "sphinx_book_theme"
html_title = "The Venus Engine rulebook"
html_copy_source = False
html_show_sourcelink = False
html_show_sphinx = False
html_theme_options = {
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "home_page_in_toc": True,
    "navigation_with_keys": True,
}
# No web fonts or scripts from other hosts: the theme's own assets and ours. (MathJax, which would come
# from a CDN, is loaded only on a page with maths, and the rulebook has none: the book's test checks.)
html_static_path = ["_static"]
html_css_files = ["vw.css"]  # the live links and the pictures' dark mode (docs/book/_static/vw.css)


def setup(app):
    """docs/architecture.md draws the import stack in a ```stack block (tests/test_import_stack.py reads it): plain text."""
    from pygments.lexers.special import TextLexer

    app.add_lexer("stack", TextLexer)
