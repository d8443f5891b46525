"""The heatmap's table names its axes by the fields' labels, as the rest of
the lab does ("Dice (job level) 3", "by Dice (job level) and Difficulty
factors"), not by their code names ("dice 3", "by dice and factors"): issue 33."""

from __future__ import annotations

from venus_widgets.engine.tools.sweep import sweep


def test_the_heatmap_names_its_axes_by_the_fields_labels():
    s = sweep({"edition": "playtest", "roll": "task", "dice": 3}, {"dice": [2, 3], "factors": [0, 1]},
              {"B": {"max_factors": 4}})
    for heat in (s.heat("base"), s.heat("B", minus="base")):
        assert heat["caption"].endswith("by Dice (job level) and Difficulty factors"), heat["caption"]
        assert [r["label"] for r in heat["rows"]] == ["Dice (job level) 2", "Dice (job level) 3"]
        assert heat["cols"] == ["Difficulty factors 0", "Difficulty factors 1"]


def test_the_saved_lab_draws_its_heatmap_columns_by_their_values_in_few_pictures():
    """The still's heatmap wrote the label in every column's head ("Difficulty factors 0"): chapter 10's
    lab drew its 5 columns in 5 pictures, a column each. Each column head says its value, the caption and
    the rows name the axes, and the table under the pictures keeps every label whole."""
    import base64
    import html
    import re

    import venus_widgets as vw

    snap = vw.RuleLab(a={"success_from": {"bronze": 4}}, b={"threshold_base": 2}, dice=3)._repr_mimebundle_()["text/html"]
    pictures = re.findall(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]*)"', snap)
    heat = [(base64.b64decode(b).decode(), html.unescape(alt)) for b, alt in pictures
            if "by Dice (job level) and Difficulty factors" in html.unescape(alt)]
    assert 1 <= len(heat) <= 2, [alt for _, alt in heat]
    heads = [re.findall(r"font-weight='bold'[^>]*>([^<]*)</text>", svg) for svg, _ in heat]
    assert [h for hs in heads for h in hs if h.strip().isdigit()] == ["0", "1", "2", "3", "4"], heads
    assert ">Difficulty factors 0<" not in "".join(svg for svg, _ in heat)
    assert "Dice (job level) 3" in heat[0][0]  # the rows keep their field's label
    if len(heat) > 1:  # a picture after the first says which columns it holds, by the field's label
        assert "the columns Difficulty factors 3, 4" in heat[1][1], heat[1][1]
    assert "<th scope='col'>Difficulty factors 0</th>" in snap  # the table says them whole


def test_a_heatmap_picture_after_the_first_is_titled_in_a_line_or_two():
    """A saved heatmap too wide for one picture repeated its whole caption over each picture after the
    first, wrapped to that picture's width: a last picture of one or two columns titled in 6 to 9 lines
    (chapter 11's third panel, about 7). The first says the whole caption; the others say which columns
    they hold, as the live lab does ("(Black dice 5 to 9)"), in a line or two."""
    import base64
    import re

    from venus_widgets.widgets.stills import grid_images

    caption = "The chance to pass: with a push minus as read, in percentage points, by Pool and Black dice"
    for n in (9, 10, 13):
        rows = [(f"Pool {p}", [(f"+{p}.{j}", "#eeeeee", "", False) for j in range(n)]) for p in (1, 2)]
        out = grid_images(caption, [str(j) for j in range(n)], rows, "alt", "Black dice")
        titles = [re.findall(r"<text[^>]*font-size='15'[^>]*>([^<]*)<", base64.b64decode(b).decode())
                  for b in re.findall(r'base64,([^"]+)', out)]
        assert len(titles) >= 2 and " ".join(titles[0]).startswith(caption), titles
        for k, lines in enumerate(titles[1:], start=2):
            assert len(lines) <= 2 and " ".join(lines).endswith(f"({k} of {len(titles)})"), (n, lines)
            assert " ".join(lines).startswith("Black dice "), lines


def test_a_split_heatmap_shares_its_columns_evenly_among_its_pictures():
    """A heatmap too wide for one picture was cut into pictures as full as
    they fit and a remainder: 13 columns as 4, 4, 4 and 1, the last picture a
    sliver beside the others (its column under a title of its own). The
    pictures now hold as many columns each as can be, one apart at most:
    13 as 4, 3, 3 and 3, as wide as one another within one column."""
    import base64
    import re

    from venus_widgets.widgets.stills import grid_images

    for n in (7, 9, 10, 13, 20):
        rows = [(f"Pool {p}", [(f"+{p}.{j}", "#eeeeee", "", False) for j in range(n)]) for p in (1, 2)]
        out = grid_images("The chance to pass", [str(j) for j in range(n)], rows, "alt", "Black dice")
        svgs = [base64.b64decode(b).decode() for b in re.findall(r'base64,([^"]+)', out)]
        held = [len(re.findall(r"<text[^>]*>\+1\.\d+<", s)) for s in svgs]
        assert sum(held) == n, (n, held)
        if len(svgs) > 1:
            assert max(held) - min(held) <= 1, (n, held)
