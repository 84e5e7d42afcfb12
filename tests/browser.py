"""Debian's Chromium for the browser tests (never a downloaded browser: .ci/run installs
``chromium``), launched headless with the network features that would call out turned off."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("TT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


# TT_SCREENSHOTS=docs/img/serve refreshes the screenshots of the README and docs;
# otherwise they go to a temp dir
SHOTS = Path(os.environ.get("TT_SCREENSHOTS") or tempfile.mkdtemp(prefix="tt-shots-"))
# the two page sizes every page is looked at in; bypass_csp: Playwright's wait_for_function
# evaluates strings, which the pages' CSP forbids
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1,
         "is_mobile": True, "has_touch": True, "bypass_csp": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}, "device_scale_factor": 1,
          "bypass_csp": True}


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
