"""Debian's Chromium for the browser tests (never a downloaded browser: .ci/run installs
``chromium``), launched headless with the network features that would call out turned off."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("TT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def have_chromium() -> bool:
    """Whether the browser the tests drive is installed."""
    return bool(shutil.which(CHROMIUM)) or Path(CHROMIUM).exists()


@contextmanager
def chromium() -> Iterator[Any]:
    """A Playwright browser on :data:`CHROMIUM`, closed at the end of the block."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
