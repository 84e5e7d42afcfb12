"""Click parameter types of the command line (the rules live in :mod:`tt_organizer.numbers`,
which imports no click)."""

from __future__ import annotations

from typing import Any

import click

from tt_organizer.numbers import MAX_VALUE, NumberError, parse_count, parse_decimal


class CountType(click.ParamType):
    """A click parameter of bounded ASCII digits (see :func:`parse_count`): every integer
    option and argument of the command line is one (exit 2 and a message naming the option
    and the range otherwise)."""

    name = "integer"

    def __init__(self, minimum: int = 0, maximum: int = MAX_VALUE) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            text: object = value
        else:
            text = str(value)
        try:
            return parse_count(text, "value", minimum=self.minimum, maximum=self.maximum)
        except NumberError as exc:
            self.fail(exc.message.removeprefix("value: "), param, ctx)

    def __repr__(self) -> str:
        return f"CountType({self.minimum}, {self.maximum})"


class SecondsType(click.ParamType):
    """A click parameter of seconds: ASCII digits and at most one dot, within a range (see
    :func:`parse_decimal`)."""

    name = "seconds"

    def __init__(self, minimum: float, maximum: float) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        try:
            return parse_decimal(str(value), "value", minimum=self.minimum,
                                 maximum=self.maximum)
        except NumberError as exc:
            self.fail(exc.message.removeprefix("value: "), param, ctx)

    def __repr__(self) -> str:
        return f"SecondsType({self.minimum}, {self.maximum})"


COUNT = CountType()
"""Any count 0..MAX_VALUE (a round, a table, a seed)."""

POSITIVE = CountType(minimum=1)
"""A count from 1 (a table, a round)."""

PORT = CountType(1, 65535)
"""A TCP port."""

RETRIES = CountType(0, 20)
"""How many times a download is tried again."""
