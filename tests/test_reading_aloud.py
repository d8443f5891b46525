"""What the rulebook's pages say, read as a newcomer reads them (the book site, where
nothing runs): a computed sentence after typed prose does not say its label twice, and
names the roll it is about."""

from __future__ import annotations

from test_chapter_claims import rendered


def test_11_the_smaller_push_is_named_once_and_says_its_roll():
    """The lab's sentence opens with the variant's name ("4s and 5s: the chance ..."): the
    prose before it does not say it again, and says which roll it is (four pool dice, as the
    sentence before it: its "from 52.6 %" is that roll's chance with the push)."""
    text = rendered("11")
    assert "4s and 5s only: 4s and 5s:" not in text
    said = text[text.index("What if the push took only the 4s"):]
    said = said[:said.index("Every face left out")]
    assert "four pool dice" in said and said.count("4s and 5s:") == 1, said
