"""``tt stats report`` in Chinese: the plots' words are drawn in an installed CJK font
(matplotlib falls back to it glyph by glyph, ``stats.plots.CJK_FONTS``), even when the font
was installed after matplotlib built its font cache; without one the report is still written
(boxes for the glyphs, no warning per glyph)."""

from __future__ import annotations

import shutil
import subprocess
import warnings
from pathlib import Path

import pdfplumber
import pytest

from tt_organizer import i18n
from tt_organizer.stats.calibration import compute_stats
from tt_organizer.stats.plots import CJK_FONTS, write_report


def _cjk_font_installed() -> bool:
    if not shutil.which("fc-list"):
        return False
    listed = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True,
                            text=True).stdout
    return any(name in listed for name in CJK_FONTS)


def _chinese_chars(path: Path) -> list[dict[str, object]]:
    with pdfplumber.open(path) as pdf:
        return [c for page in pdf.pages for c in page.chars if "\u4e00" <= c["text"] <= "\u9fff"]


def test_a_chinese_report_is_written_without_glyph_warnings(tmp_path: Path) -> None:
    with i18n.using("zh"), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = write_report(compute_stats([]), tmp_path / "r.pdf")
    assert not [w for w in caught if "missing from font" in str(w.message)]
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[0].extract_text()
    assert "赛制平衡性" in text and "先攻方胜率" in text


@pytest.mark.skipif(not _cjk_font_installed(), reason="no CJK font installed here")
def test_the_chinese_words_are_drawn_in_a_cjk_font(tmp_path: Path) -> None:
    with i18n.using("zh"):
        out = write_report(compute_stats([]), tmp_path / "r.pdf")
    fonts = {str(c["fontname"]) for c in _chinese_chars(out)}
    # DejaVu has no Chinese glyphs; LastResort is matplotlib's font of boxes
    assert fonts and not [f for f in fonts if "DejaVu" in f or "LastResort" in f], fonts
