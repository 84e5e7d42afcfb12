"""Click parameter types of the command line (the rules live in :mod:`tt_organizer.numbers`,
which imports no click)."""

from __future__ import annotations

from typing import Any

import click

from tt_organizer.numbers import MAX_VALUE, NumberError, parse_count


class CountType(click.ParamType):
    """A click parameter of bounded ASCII digits (see :func:`parse_count`)."""

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


COUNT = CountType()
"""Any count 0..MAX_VALUE (a round, a table, a seed)."""

POSITIVE = CountType(minimum=1)
"""A count from 1 (a table, a round)."""
