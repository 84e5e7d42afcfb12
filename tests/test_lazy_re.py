"""Patterns compiled on first use (tt_organizer/lazy_re.py) behave as compiled ones."""

from __future__ import annotations

import re
import sys

import pytest

from tt_organizer.lazy_re import LazyPattern, lazy_compile


def test_compiles_on_first_use_only() -> None:
    lazy = lazy_compile(r"(?P<n>\d+)\s*x", re.IGNORECASE)
    assert isinstance(lazy, LazyPattern)
    assert lazy.pattern == r"(?P<n>\d+)\s*x" and lazy.flags == re.IGNORECASE
    assert "match" not in vars(lazy)  # reading the source compiled nothing
    real = re.compile(r"(?P<n>\d+)\s*x", re.IGNORECASE)
    for text in ("4 X Agumon", "x4", "12x 34X", ""):
        assert bool(lazy.match(text)) == bool(real.match(text))
        assert lazy.findall(text) == real.findall(text)
        assert lazy.sub("-", text) == real.sub("-", text)
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert "match" in vars(lazy)  # from now on the compiled pattern's own method
    assert lazy.groupindex == real.groupindex and lazy.groups == real.groups


def test_bytes_patterns_and_unknown_attributes() -> None:
    lazy = lazy_compile(rb"<(row|c)[\s/>]")
    assert lazy.search(b"<x><row r='1'>").group(1) == b"row"
    with pytest.raises(AttributeError):
        lazy.no_such_method  # noqa: B018


def test_a_bad_pattern_fails_when_used() -> None:
    lazy = lazy_compile(r"(unclosed")
    with pytest.raises(re.error):
        lazy.match("x")


def test_the_decklist_reader_s_letter_or_digit_test_is_str_isalnum() -> None:
    """_parse_text skips a line with no character ``str.isalnum()`` accepts by a regular
    expression search (one call instead of a generator per line): the same characters."""
    from tt_organizer.decklist.card_lines import _ALNUM

    letters = "".join(map(chr, range(sys.maxunicode + 1)))
    assert [m.start() for m in _ALNUM.finditer(letters)] == [
        i for i, c in enumerate(letters) if c.isalnum()]
