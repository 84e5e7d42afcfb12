"""Where the shipped card data and ban-list cache live, in a checkout and in an installed wheel."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent
_SHIPPED = _PACKAGE / "_shipped"


def _shipped(name: str) -> Path:
    """The shipped folder ``name``: the checkout's copy when run from one, else the wheel's."""
    checkout = _CHECKOUT / name
    if checkout.is_dir():
        return checkout
    return _SHIPPED / name


def data_dir() -> Path:
    """Folder holding the card database (``TT_DATA_DIR`` overrides)."""
    env = os.environ.get("TT_DATA_DIR")
    return Path(env) if env else _shipped("data")


def shipped_banlist_cache() -> Path:
    """The ban-list cache shipped with the project (last known list)."""
    return _shipped("banlist_cache")


def default_banlist_cache() -> Path:
    """The ban-list cache to use: ``TT_BANLIST_CACHE``, else the shipped folder."""
    env = os.environ.get("TT_BANLIST_CACHE")
    return Path(env) if env else shipped_banlist_cache()


def user_data_dir() -> Path:
    """Per-user folder for organizer-supplied card lists (``TT_USER_DATA`` overrides)."""
    env = os.environ.get("TT_USER_DATA")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tt-organizer"
