"""Where the card data and the ban-list cache live.

Run from a checkout (``pip install -e .``), the repository's own ``data/`` and
``banlist_cache/`` are used and updated. Installed from a wheel, the shipped copies inside the
package are read-only: syncs write to a per-user folder, which is then preferred, and the
ban-list cache there is seeded from the shipped one on first use.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

# folders as text: a deck check finds its data with os.path alone (pathlib imports urllib,
# ipaddress and fnmatch, a bare Python start-up's worth); the *_dir functions give Paths
_PACKAGE = os.path.dirname(os.path.realpath(__file__))
_CHECKOUT = os.path.dirname(_PACKAGE)
_SHIPPED = os.path.join(_PACKAGE, "_shipped")


def _path(folder: str) -> Path:
    from pathlib import Path

    return Path(folder)


def _in_checkout(name: str) -> str | None:
    folder = os.path.join(_CHECKOUT, name)
    in_checkout = os.path.isfile(os.path.join(_CHECKOUT, "pyproject.toml"))
    return folder if in_checkout and os.path.isdir(folder) else None


def user_data_folder() -> str:
    """:func:`user_data_dir` as text."""
    env = os.environ.get("TT_USER_DATA")
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return os.path.join(base, "tt-organizer")


def user_data_dir() -> Path:
    """Per-user folder for synced data and organizer-supplied card lists (``TT_USER_DATA``)."""
    return _path(user_data_folder())


def data_folder() -> str:
    """:func:`data_dir` as text."""
    env = os.environ.get("TT_DATA_DIR")
    if env:
        return env
    checkout = _in_checkout("data")
    if checkout is not None:
        return checkout
    synced = os.path.join(user_data_folder(), "data")
    if os.path.isfile(os.path.join(synced, "cards.json")):
        return synced
    return os.path.join(_SHIPPED, "data")


def data_dir() -> Path:
    """Folder holding the card database: ``TT_DATA_DIR``, else the checkout's ``data/``, else
    the user's synced copy if there is one, else the copy shipped in the package."""
    return _path(data_folder())


def shipped_data_dir() -> Path:
    """The card data shipped with the project (with ``source/cards.csv``)."""
    return _path(_in_checkout("data") or os.path.join(_SHIPPED, "data"))


def card_sync_dir() -> Path:
    """Where ``tt cards sync`` writes: the checkout's ``data/`` or the user's folder."""
    env = os.environ.get("TT_DATA_DIR")
    if env:
        return _path(env)
    return _path(_in_checkout("data") or os.path.join(user_data_folder(), "data"))


def shipped_banlist_cache() -> Path:
    """The ban-list cache shipped with the project (the last known list)."""
    return _path(_in_checkout("banlist_cache") or os.path.join(_SHIPPED, "banlist_cache"))


def banlist_cache_folder() -> str:
    """:func:`default_banlist_cache` as text."""
    env = os.environ.get("TT_BANLIST_CACHE")
    if env:
        return env
    checkout = _in_checkout("banlist_cache")
    if checkout is not None:
        return checkout
    user = os.path.join(user_data_folder(), "banlist_cache")
    if not os.path.isdir(user):
        import shutil

        shutil.copytree(os.path.join(_SHIPPED, "banlist_cache"), user)
    return user


def default_banlist_cache() -> Path:
    """The ban-list cache to use: ``TT_BANLIST_CACHE``, else the checkout's
    ``banlist_cache/``, else a per-user cache seeded from the shipped one."""
    return _path(banlist_cache_folder())
