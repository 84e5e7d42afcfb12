"""Tabletop Simulator decklists: a JSON array of card numbers, one entry per copy, whose first
element may be a header string; copies are summed per (normalised) number in first-seen
order."""

from __future__ import annotations

import json
from collections.abc import Iterator

from tt_organizer.decklist.card_lines import (
    MAX_COUNT,
    MAX_TABLE_ROWS,
    NEWLINE,
    Normalizer,
    as_number,
    fail,
)
from tt_organizer.decklist.parsed import DeckLine, ParsedDecklist

WHITESPACE = " \t\r\n"


def line_of(text: str, pos: int) -> int:
    return len(NEWLINE.findall(text, 0, pos)) + 1


def _json_elements(text: str, source: str) -> Iterator[tuple[object, int, str]]:
    """Yield (value, line, source text) of each element of a top-level JSON array."""
    decoder = json.JSONDecoder()
    pos = len(text) - len(text.lstrip(WHITESPACE))
    if pos >= len(text) or text[pos] != "[":
        raise fail("json-not-an-array", source, line_of(text, pos))
    pos += 1
    first = True
    counted, line = 0, 1  # newlines before ``counted``: elements are yielded in order

    def line_at(at: int) -> int:
        nonlocal counted, line
        line += len(NEWLINE.findall(text, counted, at))
        counted = at
        return line

    while True:
        while pos < len(text) and text[pos] in WHITESPACE:
            pos += 1
        if pos >= len(text):
            raise fail("json-array-not-closed", source, line_of(text, pos))
        if text[pos] == "]" and first:
            pos += 1
            break
        try:
            value, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            raise fail("invalid-json", source, exc.lineno, error=exc.msg) from None
        except RecursionError:
            raise fail("json-nested-too-deeply", source, line_of(text, pos)) from None
        except ValueError:  # int() refuses a number of more than 4,300 digits
            raise fail("json-number-too-long", source, line_of(text, pos)) from None
        yield value, line_at(pos), text[pos:end]
        first = False
        pos = end
        while pos < len(text) and text[pos] in WHITESPACE:
            pos += 1
        if pos >= len(text):
            raise fail("json-array-not-closed", source, line_of(text, pos))
        if text[pos] == ",":
            pos += 1
            continue
        if text[pos] == "]":
            pos += 1
            break
        raise fail("json-expected-comma", source, line_of(text, pos))
    rest = len(text[pos:]) - len(text[pos:].lstrip(WHITESPACE))
    if pos + rest < len(text):
        raise fail("json-data-after-array", source, line_of(text, pos + rest))


def parse_tts(text: str, *, source: str, normalize: Normalizer) -> ParsedDecklist:
    result = ParsedDecklist(source=source, input_format="tts", lines=[])
    by_number: dict[str, DeckLine] = {}
    for index, (value, line_no, written) in enumerate(_json_elements(text, source)):
        if index > MAX_TABLE_ROWS:  # one entry per copy (and a header string)
            raise fail("too-many-entries", source, line_no, limit=MAX_TABLE_ROWS)
        if not isinstance(value, str):
            raise fail("json-entry-not-a-string", source, line_no, written,
                       found=type(value).__name__ if value is not None else "null")
        number = as_number(value, normalize)
        if number is None:
            if index == 0:  # "Exported from https://digimoncard.dev"
                continue
            raise fail("not-a-card-number", source, line_no, written, value=repr(value))
        entry = by_number.get(number)
        if entry is None:
            entry = DeckLine(0, number, None, None, line_no, written)
            by_number[number] = entry
            result.lines.append(entry)
        entry.count += 1
        if entry.count > MAX_COUNT:
            raise fail("too-many-copies", source, line_no, written, limit=MAX_COUNT,
                       number=number)
    return result
