"""The documentation stays true: the MkDocs site builds with --strict (every link, anchor and
image of docs/ resolves), the README's relative links and images exist, the README keeps the
Quick start commands CI runs, and the event walk-through in docs/events.md is the real output
of scripts/event_walkthrough.py."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# [text](target) and <img src="target">, outside code blocks
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


def _mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "-f", str(config), "-d", str(site)],
                          capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    proc = _mkdocs_build(ROOT / "mkdocs.yml", out)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def _prose(text: str) -> str:
    """The Markdown outside fenced code blocks."""
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(v for k, v in attrs if k == "id" and v)


def _html_ids(page: Path) -> set[str]:
    parser = _Ids()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.ids


def _github_slug(heading: str) -> str:
    text = heading.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def test_site_builds_strict_with_every_page_and_image(site: Path) -> None:
    pages = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))
    assert {"index", "decks", "events", "pairing", "results", "serve", "development"} <= set(pages)
    for stem in pages:
        assert (site / f"{stem}.html").is_file(), stem
    for img in (ROOT / "docs" / "img").rglob("*.png"):
        assert (site / img.relative_to(ROOT / "docs")).is_file(), img
    # mkdocs does not check raw <img> tags: every image of every built page must load
    for html in site.glob("*.html"):
        for src in re.findall(r"<img [^>]*src=\"([^\"]+)\"", html.read_text(encoding="utf-8")):
            assert (html.parent / src).is_file(), (html.name, src)
    # no CDN: every script and stylesheet the pages load is local
    for html in site.rglob("*.html"):
        remote = re.findall(r"<(?:script|link)[^>]*(?:src|href)=\"(?:https?:)?//[^\"]+\"",
                            html.read_text(encoding="utf-8"))
        assert [r for r in remote if "stylesheet" in r or "<script" in r] == [], html


def test_a_broken_anchor_fails_the_strict_build(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    with (docs / "index.md").open("a", encoding="utf-8") as f:
        f.write("\nSee [nowhere](events.md#no-such-section).\n")
    proc = _mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert proc.returncode != 0
    assert "no-such-section" in proc.stdout + proc.stderr


def test_readme_links_and_images_exist(site: Path) -> None:
    text = README.read_text(encoding="utf-8")
    anchors = {_github_slug(h) for h in re.findall(r"^#{1,6} (.+)$", _prose(text), re.M)}
    targets = [a or b for a, b in LINK.findall(_prose(text))]
    local = [t for t in targets if not re.match(r"[a-z]+:", t)]
    assert len(local) >= 15  # the tour's links into docs/ and the screenshots
    for target in local:
        path, _, anchor = target.partition("#")
        if not path:
            assert anchor in anchors, target
            continue
        assert (ROOT / path).exists(), target
        if anchor:
            assert path.startswith("docs/") and path.endswith(".md"), target
            page = site / Path(path).relative_to("docs").with_suffix(".html")
            assert anchor in _html_ids(page), target


def test_readme_keeps_the_quick_start_commands_ci_runs() -> None:
    text = README.read_text(encoding="utf-8")
    quick = text[text.index("## Quick start"):]
    quick = quick[:quick.index("\n## ", 1)]
    blocks = re.findall(r"^```sh\n(.*?)\n```", quick, re.M | re.S)
    ci_command = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert ci_command == ("python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && "
                          ".venv/bin/ruff check . && .venv/bin/mypy && "
                          ".venv/bin/python -m pytest")
    assert blocks == [
        "python3 -m venv .venv && .venv/bin/pip install -q -e . && "
        ".venv/bin/tt deck validate samples/legal-red-tamer-tactics.txt",
        ci_command,
    ]
    # the newcomer's command checks a sample that exists and is legal
    proc = subprocess.run([sys.executable, "-m", "tt_organizer", "deck", "validate",
                           "samples/legal-red-tamer-tactics.txt"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r": +\n?LEGAL\b", proc.stdout), proc.stdout


_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d")
_PIN = re.compile(r"(│ BN-\d{4} │ )\d{4}( │)")


def _console_blocks(markdown: str) -> list[str]:
    """Console blocks, with what changes at every run (timestamps, random PINs) masked."""
    blocks = re.findall(r"^```console\n(.*?)^```", markdown, re.M | re.S)
    return [_PIN.sub(r"\1PIN\2", _STAMP.sub("TIME", b)) for b in blocks]


@pytest.fixture(scope="module")
def walkthrough() -> str:
    """The real output of scripts/event_walkthrough.py (Markdown)."""
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "event_walkthrough.py")],
                          capture_output=True, text=True, check=True, timeout=600)
    return proc.stdout


def test_event_walkthrough_is_the_real_output(walkthrough: str) -> None:
    real = _console_blocks(walkthrough)
    assert len(real) > 40
    doc = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    walk = doc[doc.index("## A whole 8-player event"):doc.index("\n## ", doc.index("### 1."))]
    assert _console_blocks(walk) == real
    # every step heading the script prints is in the page, in the same order
    steps = re.findall(r"^### \d\..*$", walkthrough, re.M)
    assert re.findall(r"^### \d\..*$", walk, re.M) == steps


# commands that need no event or scratch file: their blocks anywhere in the docs are re-run
_STATELESS = re.compile(r"^\$ tt (cards show \S+|deck validate samples/\S+"
                        r"|deck check-batch samples/)(; echo \"exit \$\?\")?$")


def _is_shown(real: list[str], shown: str) -> bool:
    """Is `shown` the real output, where a line `…` marks lines left out?"""
    at = 0
    for piece in shown.strip("\n").split("\n…\n"):
        lines = [ln.rstrip() for ln in piece.splitlines()]
        while at < len(real) and real[at:at + len(lines)] != lines:
            at += 1
        if at >= len(real):
            return False
        at += len(lines)
    return True


def test_readme_event_outputs_are_the_walkthrough(walkthrough: str) -> None:
    real_walk = _console_blocks(walkthrough)
    blocks = [b for b in _console_blocks(README.read_text(encoding="utf-8"))
              if b.startswith("$ tt event ")]
    assert len(blocks) >= 2
    for block in blocks:
        assert block in real_walk, block.partition("\n")[0]


@pytest.mark.parametrize("page", ["README.md",
                                  *sorted(p.name for p in (ROOT / "docs").glob("*.md"))])
def test_command_outputs_in_the_docs_are_real(page: str) -> None:
    """Blocks of commands that need no event (card look-ups, the samples' checks) are run
    again; their output must be what the page shows (a line `…` marks a cut)."""
    path = README if page == "README.md" else ROOT / "docs" / page
    env = {**os.environ, "COLUMNS": "100",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    checked = 0
    blocks = _console_blocks(path.read_text(encoding="utf-8"))
    for segment in (s for b in blocks for s in re.split(r"^(?=\$ )", b, flags=re.M)):
        command, _, shown = segment.partition("\n")
        if not _STATELESS.match(command):
            continue
        proc = subprocess.run(command[2:], shell=True, cwd=ROOT, env=env, capture_output=True,
                              text=True, check=False)
        real = [ln.rstrip() for ln in (proc.stdout + proc.stderr).splitlines()]
        assert _is_shown(real, shown), f"{page}: {command}\n" + "\n".join(real)
        checked += 1
    if page in ("README.md", "decks.md", "cards.md"):
        assert checked >= 2, page
