"""``tt deck check-batch FOLDER`` opens each file relative to the folder's
descriptor without following links, so a file swapped for a link to outside the folder while
the batch runs is refused, never read (it used to show the outside deck's verdict in 25 of 40
runs)."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from tt_organizer import batch
from tt_organizer.formats.check import CheckContext, load_context

ROOT = Path(__file__).resolve().parents[1]
LEGAL = ROOT / "samples" / "legal-red-tamer-tactics.txt"
ILLEGAL = ROOT / "samples" / "illegal-deck.txt"  # the outside deck: BANNED, MAIN_SIZE ...


@pytest.fixture(scope="module")
def ctx() -> CheckContext:
    return load_context(banlist_pick="2026-03-16")


def _folder(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "decks"
    (root / "sub").mkdir(parents=True)
    for name in ("a.txt", "b.txt", "c.txt", "sub/d.txt"):
        shutil.copy(LEGAL, root / name)
    outside = tmp_path / "outside.txt"
    shutil.copy(ILLEGAL, outside)
    return root, outside


def _swap(path: Path, outside: Path) -> None:
    path.unlink()
    path.symlink_to(outside)


def test_a_file_swapped_for_a_link_after_the_listing_is_refused(
        tmp_path: Path, ctx: CheckContext) -> None:
    root, outside = _folder(tmp_path)
    inputs = batch.folder_inputs(root, [])
    first = next(inputs)  # the folder is listed, a.txt read
    assert first.source.endswith("a.txt")
    _swap(root / "b.txt", outside)  # after the listing, before b.txt is read
    _swap(root / "sub" / "d.txt", outside)  # a sub-folder's file too
    rows = [batch.check_input(item, ctx) for item in [first, *inputs]]
    verdicts = {Path(r.source).name: (r.legal, r.error) for r in rows}
    assert verdicts["a.txt"] == (True, None) and verdicts["c.txt"] == (True, None)
    for name in ("b.txt", "d.txt"):
        legal, error = verdicts[name]
        assert legal is None and error is not None and "a link" in error, verdicts
    assert not any("BANNED" in r.codes for r in rows)  # the outside deck was never read


def test_a_sub_folder_swapped_for_a_link_is_not_entered(tmp_path: Path, ctx: CheckContext
                                                        ) -> None:
    root, _outside = _folder(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(ILLEGAL, elsewhere / "e.txt")
    inputs = batch.folder_inputs(root, [])
    first = next(inputs)
    shutil.rmtree(root / "sub")
    (root / "sub").symlink_to(elsewhere, target_is_directory=True)
    rows = [batch.check_input(item, ctx) for item in [first, *inputs]]
    assert not any(r.source.endswith("e.txt") for r in rows)
    assert any(r.source.endswith("sub") and "a link" in (r.error or "") for r in rows), [
        (r.source, r.error) for r in rows]


def test_swaps_racing_a_whole_batch_never_read_outside(tmp_path: Path, ctx: CheckContext
                                                       ) -> None:
    """The issue's run: a file swapped back and forth while whole batches run (40 runs)."""
    root, outside = _folder(tmp_path)
    for i in range(20):
        shutil.copy(LEGAL, root / f"z{i:02d}.txt")
    target = root / "m.txt"
    shutil.copy(LEGAL, target)
    stop = threading.Event()

    def swapper() -> None:
        while not stop.is_set():
            tmp = root / ".swap"
            tmp.unlink(missing_ok=True)
            tmp.symlink_to(outside)
            os.replace(tmp, target)  # m.txt is now a link to outside
            shutil.copy(LEGAL, root / ".copy")
            os.replace(root / ".copy", target)  # and a file again

    thread = threading.Thread(target=swapper, daemon=True)
    thread.start()
    seen = {"legal": 0, "refused": 0}
    try:
        for _ in range(40):
            rows = batch.check_batch([root], ctx)
            row = next(r for r in rows if r.source.endswith("m.txt"))
            assert row.legal is not False and "BANNED" not in row.codes, row
            seen["legal" if row.legal else "refused"] += 1
    finally:
        stop.set()
        thread.join(5)
    assert sum(seen.values()) == 40
