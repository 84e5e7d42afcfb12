"""A whole simulated event, every surface at once: the driver of ``tests/test_sim_event.py``.

One event file, played end to end through the command line (``tt event …`` in-process, by
Click's runner) and a real server on the same file (``live_server``): registration from a
Spanish Google-Form export (accented Spanish names, decks under "Mazo principal (50)" / "Pila
Tamer + Digi-Egg (8)", one answer sent again without accents: one player), check-in with
no-shows by names typed without accents or case, ``check-in --missing``, a deck, a swap of
seats, a penalty, a rename and drops by such names, Swiss rounds paired alternately from the
console and the CLI, results from phones (report + the opponent's confirmation), from the
console and from the CLI, a dispute settled on the console, a correction, drops (console, with
its confirmation, and CLI), a late entry, and a top cut played to its final.

After every step the driver fetches every page a player, the console and the projector can
reach, and the JSON API, and checks what a user would see: no 5xx, every HTML page well formed
(:class:`Balance`: every element closed in order, ids unique), the bye named on the bye
player's page, an open page's version and round following a new pairing, and the same points
on the phone, the API and ``tt event standings --json``; the phone's search "jose" shows José
Martínez's line and a near miss suggests him. :class:`Sim` counts its steps and
pages (``Sim.counts``) so the test can report them.
"""

from __future__ import annotations

import hashlib
import html as html_lib
import random
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import requests

from tests.event_helpers import Tt
from tests.serve_helpers import TOKEN, csrf
from tt_organizer.names import fold

FIRST = ("José", "Ñandú", "María", "Sofía", "Ángel", "Tomás", "Nicolás", "Lucía", "Inés",
         "Óscar", "Julián", "Zoë", "Renée", "Ana", "Bruno", "Camila", "Diego", "Elena")
LAST = ("Martínez", "Peña", "Ibáñez", "Álvarez", "Núñez", "O'Brien", "García", "López",
        "Fernández-Villanueva", "Rodríguez", "Gómez", "Díaz", "Muñoz", "Sáenz")
ES = {"Accept-Language": "es-AR,es;q=0.9"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}
BYE_WORDS = {"en": ("You have the bye this round.", "Bye: a win without an opponent"),
             "es": ("Tienes bye esta ronda.", "Bye: victoria sin rival")}
# the steps whose pages a Chromium run looks at (the first time each comes): a new round, a
# dispute on both pages and the console, the top cut, the champion
CHROMIUM_STEPS = frozenset(("pair", "dispute", "top-cut pairing", "champion"))
VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"))


# a legal deck as players paste it into the Spanish form, under the Spanish section headers
MAIN_CARDS = ("4 Greymon AD1-001", "4 Aldamon AD1-002", "4 WarGrowlmon AD1-003",
              "4 Siriusmon AD1-007", "4 Gallantmon AD1-008", "4 Monodramon BT1-009",
              "4 Agumon BT1-010", "4 Agumon Expert BT1-011", "4 Biyomon BT1-012",
              "4 Muchomon BT1-013", "4 Kokatorimon BT1-014", "4 Scrap Claw BT1-091",
              "2 Nuclear Laser BT1-092")
PILE_CARDS = ("1 Tai Kamiya BT1-085", "1 Sora Takenouchi BT2-084", "1 Marcus Damon BT4-092",
              "1 Tai Kamiya BT6-087", "2 Yokomon BT1-001", "2 Bebydomon BT1-002")
FORM_HEADER = ("Marca temporal", "Dirección de correo electrónico", "Nombre y apellido",
               "ID de Bandai (Bandai TCG+)", "Pega aquí tu lista de mazo")


def spanish_deck(pile_first: bool = False) -> str:
    """A legal deck pasted under "Mazo principal (50)" / "Pila Tamer + Digi-Egg (8)"."""
    main = "Mazo principal (50)\n" + "\n".join(MAIN_CARDS)
    pile = "Pila Tamer + Digi-Egg (8)\n" + "\n".join(PILE_CARDS)
    return f"{pile}\n{main}" if pile_first else f"{main}\n{pile}"


def google_time(minutes: int) -> str:
    """A Spanish Google Forms time, ``minutes`` after 2026/11/28 9:00 a. m. (with Google's
    no-break space in "p. m.")."""
    hour, minute = divmod(9 * 60 + minutes, 60)
    day, hour = 28 + hour // 24, hour % 24
    noon = "p.\u00a0m." if hour >= 12 else "a.\u00a0m."
    return f"2026/11/{day:02d} {(hour - 1) % 12 + 1}:{minute:02d}:07 {noon} GMT-3"


def typed(name: str, i: int) -> str:
    """``name`` as a person at the desk types it: by turns without accents in lower case, in
    capitals, in lower case with its accents, as registered."""
    return (fold(name), fold(name).upper(), name.lower(), name)[i % 4]


def form_sheet(path: Path, everyone: list[str]) -> int:
    """A Spanish Google-Form export at ``path``: one answer a player (Bandai id, deck), then
    the first player's answer sent again later — same id, the name typed without accents,
    the deck's sections the other way round. Returns the row of that re-submission."""
    import csv

    rows = [(google_time(i * 7), f"jugador{i}@example.com", name, str(1100000000 + i),
             spanish_deck(pile_first=i % 2 == 1)) for i, name in enumerate(everyone)]
    rows.append((google_time(len(everyone) * 7 + 30), "jugador0@example.com",
                 fold(everyone[0]), "1100000000", spanish_deck(pile_first=True)))
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\r\n")
        writer.writerow(FORM_HEADER)
        writer.writerows(rows)
    return len(rows) + 1


def names(n: int) -> list[str]:
    """``n`` distinct player names, accents and Spanish first: "José Martínez", "Ñandú Peña"."""
    out: list[str] = []
    for i in range(n):
        first, last = FIRST[i % len(FIRST)], LAST[(i + i // len(FIRST)) % len(LAST)]
        out.append(f"{first} {last}" + (f" {i // (len(FIRST) * len(LAST))}"
                                        if i >= len(FIRST) * len(LAST) else ""))
    return out


class Balance(HTMLParser):
    """A strict reading of a served page: every element but the void ones closed, in order;
    no attribute twice; no id twice. ``problems`` lists what is wrong (empty: well formed)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.ids: set[str] = set()
        self.problems: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        keys = [k for k, _v in attrs]
        if len(keys) != len(set(keys)):
            self.problems.append(f"<{tag}> repeats an attribute: {keys}")
        for k, v in attrs:
            if k == "id":
                if v in self.ids:
                    self.problems.append(f"id {v!r} twice")
                self.ids.add(v or "")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.problems.append(f"</{tag}> closes a void element")
        elif not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else ''}>")
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass
        else:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


_CHECKED: set[bytes] = set()  # digests of pages already read (the same page, a later step)
_VARYING = re.compile(r'(name="csrf" value="|data-now="|data-version=")[^"]*')


def check_html(path: str, html: str) -> None:
    """The page read strictly; AssertionError naming the page when it is not well formed. A
    page read before (the same text but for its CSRF token, clock and version) is not read
    again."""
    assert html.lower().startswith("<!doctype html>"), (path, html[:80])
    key = hashlib.blake2b(_VARYING.sub(r"\1", html).encode(), digest_size=16).digest()
    if key in _CHECKED:
        return
    b = Balance()
    b.feed(html)
    b.close()
    if b.stack:
        b.problems.append(f"never closed: {b.stack}")
    assert not b.problems, (path, b.problems[:5])
    text = " ".join(b.text)
    assert "{{" not in text and "{%" not in text and "Traceback" not in text, path
    _CHECKED.add(key)


@dataclass(frozen=True)
class Shape:
    """What a simulated event looks like: players registered, Swiss rounds, best-of, how many
    do not show up, how many drop (and after which round), the round a late entry arrives in
    (0: none), the top cut, the seed, how names are typed at the desk."""

    players: int
    rounds: int = 3
    best_of: int = 3
    no_shows: int = 0
    drops: int = 0
    drop_after: int = 1
    late_round: int = 0
    top_cut: int = 0
    seed: int = 1
    typing: int = 0  # how the desk types names: where in :func:`typed`'s turns it starts


@dataclass
class Counts:
    """What a run covered."""

    steps: int = 0
    pages: int = 0
    seconds: float = 0.0
    byes_seen: int = 0
    follows: int = 0  # pages whose version and round changed with a pairing
    follows_live: int = 0  # phones open in Chromium that showed the new round by themselves
    searches: int = 0  # phone searches "jose" that found José Martínez (and a near miss)
    typed: int = 0  # names typed at the desk by turns (3 of 4 without accents or case)
    labels: list[str] = field(default_factory=list)


class Sim:
    """One event played on ``path`` through the CLI and the server at ``url`` (same file)."""

    def __init__(self, path: Path, shape: Shape, *, browser: Any = None,
                 keep: Path | None = None) -> None:
        self.tt, self.url, self.shape = Tt(path), "", shape
        self.rng = random.Random(shape.seed)
        self.org = requests.Session()
        self.web = requests.Session()  # the crawler's: one kept-alive connection
        self.bearer = {"Authorization": f"Bearer {TOKEN}"}
        self.counts = Counts()
        self.browser, self.keep = browser, keep
        self.versions: dict[str, tuple[str, str]] = {}  # page -> (data-version, data-round)
        self.lang = "en"
        self.late_name: str | None = None

    # --- fetching ---------------------------------------------------------------------

    def get(self, path: str, session: requests.Session | None = None, *,
            ok: tuple[int, ...] = (200,), **kw: Any) -> requests.Response:
        """GET ``path``: never a 5xx, and one of ``ok``."""
        r = (session or self.web).get(self.url + path, timeout=15, **kw)
        self.counts.pages += 1
        assert r.status_code < 500, (path, r.status_code, r.text[:300])
        assert r.status_code in ok, (path, r.status_code, r.text[:300])
        return r

    def players(self) -> list[dict[str, Any]]:
        """The roster with PINs, from the console's API."""
        data: list[dict[str, Any]] = self.get("/api/org/players", headers=self.bearer).json()
        return data

    def crawl(self, label: str) -> dict[str, str]:
        """One step done: every page and the API, checked. Returns the HTML by path."""
        self.counts.steps += 1
        self.counts.labels.append(label)
        self.lang = "es" if self.counts.steps % 2 else "en"
        head = ES if self.lang == "es" else EN
        roster = self.players()
        pages = ["/", "/standings", "/me", "/deck", "/projector", "/projector/stats",
                 *(f"/me/{p['id']}" for p in roster)]
        html: dict[str, str] = {}
        for path in pages:
            html[path] = self.get(path, headers=head).text
        html["/org"] = self.get("/org", self.org, headers=head).text
        assert "<h1>Consol" in html["/org"], "the console session was lost"
        for path, text in html.items():
            check_html(path, text)
            if path != "/projector/stats":
                self._check_version(path, text)
        self._check_api()
        self._check_byes(html, roster)
        self._check_points(html["/standings"])
        self._check_search(html["/"], head)
        if self.browser is not None and label in CHROMIUM_STEPS \
                and self.counts.labels.count(label) == 1:
            self._in_chromium(roster)
        if self.keep is not None and self.counts.labels.count(label) == 1:
            self._keep(label, html, roster)
        return html

    def _keep(self, label: str, html: dict[str, str], roster: list[dict[str, Any]]) -> None:
        """The pages of a step's first time, for the HTML checker: every page but the
        players' own, and two of those (the bye's, when there is one)."""
        assert self.keep is not None
        mine = [f"/me/{p['id']}" for p in roster[:1]] + [
            f"/me/{p['id']}" for p in roster if p["name"] in self._bye_names()]
        for path, text in html.items():
            if path.startswith("/me/") and path not in mine:
                continue
            name = f"{self.counts.steps:02d}-{label.replace(' ', '-')}-" + (
                path.strip("/").replace("/", "-") or "home") + ".html"
            (self.keep / name).write_text(text, encoding="utf-8")

    def _bye_names(self) -> set[str]:
        return {m["player1"] for m in self._current_tables()
                if m["player2"] is None and m["table"] > 0}

    def _check_version(self, path: str, html: str) -> None:
        m = re.search(r'<body[^>]* data-version="([^"]*)" data-round="([^"]*)"', html)
        assert m, path
        self.versions[path] = (m.group(1), m.group(2))

    def _check_api(self) -> None:
        status = self.get("/api/status").json()
        top = status["stage"] == "top-cut"
        for path in ("/api/status", "/api/timer", "/api/standings", "/api/version?page=/",
                     "/api/org/tables"):
            self.get(path, headers=self.bearer)
        self.get("/api/pairings", ok=(200,) if status["round"] else (409,))
        self.get("/api/pairings?top_cut=true", ok=(200,) if top else (200, 409))
        self.get("/api/standings?final=true", ok=(200,) if top else (200, 409))
        # the page as rendered and the poll agree: an open page does not refetch for nothing
        poll = self.get("/api/version?page=/").json()
        home = self.get("/").text
        m = re.search(r'data-version="([^"]*)" data-round="([^"]*)"', home)
        assert m and (m.group(1), m.group(2)) == (poll["version"], poll["round"]), (m, poll)

    def _check_search(self, home: str, head: dict[str, str]) -> None:
        """When José Martínez plays the round: the phone's search "jose" shows his line (not
        hidden, and no line without "jose"); "jose martines" finds nobody and suggests him."""
        if 'data-name="jose martinez"' not in home:
            return
        found = self.get("/", params={"q": "jose"}, headers=head).text
        lines = re.findall(r'<li data-name="([^"]*)" data-table="[^"]*"( class="hidden")?>',
                           found)
        assert ("jose martinez", "") in lines, lines[:5]
        assert all(("jose" in n) != bool(hidden) for n, hidden in lines), lines
        near = self.get("/", params={"q": "jose martines"}, headers=head).text
        assert 'id="suggest"' in near and "José Martínez</a>" in near, near[-600:]
        assert not re.search(r'<li data-name="[^"]*" data-table="[^"]*">', near)
        self.counts.searches += 1

    def _check_byes(self, html: dict[str, str], roster: list[dict[str, Any]]) -> None:
        """The player with the bye of the current round: their page says so, in words."""
        for m in self._current_tables():
            if m["player2"] is None and m["table"] > 0:  # table 0: a round a late entry missed
                pid = next(p["id"] for p in roster if p["name"] == m["player1"])
                page = html[f"/me/{pid}"]
                for words in BYE_WORDS[self.lang]:
                    assert words in page, (pid, words)
                self.counts.byes_seen += 1

    def _current_tables(self) -> list[dict[str, Any]]:
        """The tables of the round being played: the Swiss round's, or the top cut's."""
        status = self.get("/api/status").json()
        if not status["round"]:
            return []
        top = "?top_cut=true" if status["stage"] == "top-cut" else ""
        tables: list[dict[str, Any]] = self.get("/api/pairings" + top).json()
        return tables

    def _check_points(self, standings_html: str) -> None:
        """The phone's standings, the API and the CLI: the same players, order and points."""
        status = self.get("/api/status").json()
        final = status["stage"] == "top-cut"
        cli = self.tt.json("standings", *(("--final",) if final else ()))
        api = self.get("/api/standings" + ("?final=true" if final else "")).json()
        assert api == cli
        rows = re.findall(r"<tr(?: class=\"dropped\")?><td class=\"num\">([^<]*)</td>"
                          r"<td>(.*?)</td><td class=\"num\">([^<]*)</td>", standings_html)
        shown = [(html_lib.unescape(re.sub(r"\s*<span.*", "", who)), int(pts))
                 for _place, who, pts in rows]
        assert shown == [(s["player"], int(s["points"])) for s in cli], (shown[:3], cli[:3])
        if final:
            assert [p for p, _w, _pts in rows] == [s["place"] for s in cli]

    def _in_chromium(self, roster: list[dict[str, Any]]) -> None:
        """The pages at 390x844 in Chromium: nothing wider than the screen."""
        ctx = self.browser.new_context(viewport={"width": 390, "height": 844},
                                       is_mobile=True, has_touch=True,
                                       extra_http_headers=ES if self.lang == "es" else EN)
        try:
            page = ctx.new_page()
            page.goto(f"{self.url}/org/login?token={TOKEN}")
            for path in ("/", "/standings", "/projector", "/org",
                         *(f"/me/{p['id']}" for p in roster[:3]), *(
                             f"/me/{p['id']}" for p in roster if p["name"] in self._bye_names())):
                page.goto(self.url + path)
                width, inner = page.evaluate(
                    "[document.documentElement.scrollWidth, window.innerWidth]")
                assert width <= inner, (path, width, inner)
                self.counts.pages += 1
        finally:
            ctx.close()

    # --- acting -----------------------------------------------------------------------

    def post_org(self, action: str, **data: str) -> str:
        """A console form: its page after the redirect (the message shown)."""
        token = csrf(self.org, self.url, "/org")
        r = self.org.post(f"{self.url}/org/{action}", data={"csrf": token, **data}, timeout=15)
        self.counts.pages += 2
        assert r.status_code == 200, (action, r.status_code, r.text[:300])
        return r.text

    def phone(self, pid: int, pin: str, **data: str) -> str:
        """A player's phone posts their page's form (a fresh phone each time)."""
        s = requests.Session()
        token = csrf(s, self.url, f"/me/{pid}")
        r = s.post(f"{self.url}/me/{pid}", data={"csrf": token, "pin": pin, **data},
                   timeout=15)
        self.counts.pages += 2
        assert r.status_code == 200, (pid, r.status_code, r.text[:300])
        return r.text

    def tables(self, top_cut: bool = False) -> list[dict[str, Any]]:
        return list(self.tt.json("pairings", *(("--top-cut",) if top_cut else ())))

    def win(self, top_cut: bool = False) -> str:
        """A result: a win of either seat (with a draw now and then in the Swiss)."""
        bo3 = self.shape.best_of == 3
        choices = ["2-0", "2-1", "1-2", "0-2"] if bo3 else ["1-0", "0-1"]
        if not top_cut and self.rng.random() < 0.1:
            return "1-1-1" if bo3 else "draw"
        return self.rng.choice(choices)

    def pair(self, via_console: bool) -> None:
        """Pair the next Swiss round; every open page's version and round must follow (and,
        in Chromium, a phone left open on a player's page shows the new round by itself)."""
        before = dict(self.versions)
        with self._open_phone() as follow:
            if via_console:
                text = self.post_org("pair")
                assert "paired" in text or "emparejad" in text, text[:300]
            else:
                self.tt("pair")
            follow()
        html = self.crawl("pair")
        self._followed(before, html)

    @contextmanager
    def _open_phone(self) -> Iterator[Callable[[], None]]:
        """In Chromium (the first two pairings of a run): a phone open on a player's page
        before the pairing; the callable waits until it shows the round now paired."""
        if self.browser is None or self.counts.follows_live >= 2:
            yield lambda: None
            return
        ctx = self.browser.new_context(viewport={"width": 390, "height": 844},
                                       is_mobile=True, has_touch=True, bypass_csp=True)
        try:
            page = ctx.new_page()
            pid = self.players()[-1]["id"]
            page.goto(f"{self.url}/me/{pid}")
            was = page.get_attribute("body", "data-round")

            def follow() -> None:
                now = self.get("/api/version").json()["round"]
                assert now != was
                page.wait_for_function(
                    f"document.body.getAttribute('data-round') === {now!r}", timeout=15000)
                width, inner = page.evaluate(
                    "[document.documentElement.scrollWidth, window.innerWidth]")
                assert width <= inner, (pid, width, inner)
                self.counts.follows_live += 1

            yield follow
        finally:
            ctx.close()

    def _followed(self, before: dict[str, tuple[str, str]], html: dict[str, str]) -> None:
        rnd = self.get("/api/version").json()["round"]
        for path, (version, was) in before.items():
            if path in html and path in self.versions:
                now = self.versions[path]
                assert now[1] == rnd and now[1] != was, (path, was, now)
                assert now[0] != version, path
                self.counts.follows += 1

    def report_round(self, rnd: int, top_cut: bool = False) -> None:
        """Every table of the round: one by phones (report, confirm), in round 1 one disputed
        and settled on the console, the others from the CLI."""
        pins = {p["name"]: (p["id"], p["pin"]) for p in self.players()}
        tables = [t for t in self.tables(top_cut) if t["player2"] and t["result"] is None]
        if tables:
            t = tables.pop(0)
            (a, apin), (b, bpin) = pins[t["player1"]], pins[t["player2"]]
            result = self.win(top_cut)
            said = self.phone(a, apin, action="report", result=result)
            assert 'id="form-error"' not in said, said[:300]
            self.crawl("phone report")
            self.phone(b, bpin, action="confirm")
            self.crawl("phone confirm")
        if tables and rnd == 1 and not top_cut:
            t = tables.pop(0)
            (a, apin), (b, bpin) = pins[t["player1"]], pins[t["player2"]]
            bo3 = self.shape.best_of == 3
            self.phone(a, apin, action="report", result="2-0" if bo3 else "1-0")
            self.phone(b, bpin, action="dispute", counter="0-2" if bo3 else "0-1")
            html = self.crawl("dispute")
            assert "state-disputed" in html["/org"]
            said = self.post_org("result", table=str(t["table"]), result="0-2" if bo3 else "0-1")
            assert "dispute settled" in said or "disputa resuelta" in said
            self.crawl("dispute settled")
        for t in tables:
            self.tt("report", str(t["table"]), self.win(top_cut))
        if tables:
            self.crawl("cli results")

    def correct_and_penalise(self) -> None:
        """Round 1: a correction on the console (old → new said with names) and one from the
        CLI; a game loss given at the desk."""
        done = [t for t in self.tables() if t["player2"] and t["result"]]
        if not done:
            return
        t = done[-1]
        new = {"2-0": "2-1", "2-1": "2-0", "1-2": "0-2", "0-2": "1-2", "1-0": "0-1",
               "0-1": "1-0"}.get(t["result"], "2-0" if self.shape.best_of == 3 else "1-0")
        said = self.post_org("result", table=str(t["table"]), result=new)
        assert "→" in said and t["player1"].split()[0] in said, said[:200]
        self.crawl("console correction")
        self.tt("correct", "1", str(t["table"]), t["result"])
        self.crawl("cli correction")
        given = self.tt.json("penalty", typed(t["player2"], self.shape.typing),
                             "missed-trigger", "warning")
        assert given["player"] == t["player2"], given
        self.counts.typed += 1
        self.crawl("penalty")

    def drop(self, n: int) -> None:
        """``n`` players drop: the first on the console (asked, then confirmed), the rest
        from the CLI."""
        active = [p["name"] for p in self.players() if not p["dropped"]]
        for i, name in enumerate(self.rng.sample(active, min(n, len(active) - 2))):
            if i == 0:
                asked = self.post_org("drop", name=name)
                assert 'id="drop-confirm"' in asked
                self.post_org("drop", name=name, confirm="yes")
            else:
                gone = self.tt.json("drop", typed(name, i + self.shape.typing))
                assert gone["name"] == name and gone["dropped"], gone
                self.counts.typed += 1
        self.crawl("drops")

    def late_entry(self, last: bool) -> None:
        """A late player arrives from the console while the round is played (a no-show set
        aside at check-in comes back; else a new name). In the last Swiss round the console
        refuses, and says why."""
        status = self.get("/api/status").json()
        name = (status["set_aside"] or ["Zoë Llegada-Tarde"])[0]
        if isinstance(name, dict):
            name = name.get("name", "Zoë Llegada-Tarde")
        said = self.post_org("late", name=name)
        shown = re.findall(r'id="org-msg">[^<]*', said)
        if last:
            assert "Refused: " in shown[0] and "could not play" in shown[0], shown
        else:
            assert 'id="pin-shown"' in said, shown
            self.late_name = name
        self.crawl("late entry")

    def register_from_form(self, everyone: list[str]) -> None:
        """``tt event register --from`` a Spanish Google-Form export: every player with their
        legal deck and Bandai id; the answer sent again without accents is the same player
        (the later deck, the accented spelling kept)."""
        sheet = self.tt.path.parent / "formulario.csv"
        again = form_sheet(sheet, everyone)
        out = self.tt.json("register", "--from", str(sheet))
        assert (out["new"], out["replaced"], out["refused"]) == (len(everyone), 1, 0), out
        assert [(r["row"], r["replaced_by"]) for r in out["rows"] if r["action"] == "replaced"
                ] == [(2, again)], out["rows"][:2]
        assert all(r["player"]["legal"] for r in out["rows"] if r["action"] == "new")
        roster = self.tt.json("players")
        assert sorted(p["name"] for p in roster) == sorted(everyone)  # one José, not two
        rows = {p["name"]: (p["ext_id"], p["deck"]) for p in roster}
        assert rows == {n: (str(1100000000 + i), f"formulario.csv row {again if i == 0 else i + 2}")
                        for i, n in enumerate(everyone)}, roster[:2]

    def check_in(self, everyone: list[str]) -> None:
        """The desk checks in everyone but the no-shows (the last names), typed by turns
        without accents or in another case ("jose martinez"); ``check-in --missing`` then
        lists exactly the no-shows; José Martínez's deck is replaced by a name in capitals."""
        cut = len(everyone) - self.shape.no_shows
        here, away = everyone[:cut], everyone[cut:]
        before = self.tt.json("check-in", "--missing")
        assert len(before["not_checked_in"]) == len(everyone), before
        done = self.tt.json("check-in",
                            *(typed(n, i + self.shape.typing) for i, n in enumerate(here)))
        assert sorted(done["names"]) == sorted(here), done
        self.counts.typed += len(here)
        missing = self.tt.json("check-in", "--missing")
        assert [p["name"] for p in missing["not_checked_in"]] == sorted(
            away, key=lambda n: (fold(n), n.casefold(), n)), missing
        assert (missing["no_shows"], missing["checked_in_count"]) == ([], len(here)), missing
        deck = self.tt.path.parent / "mazo-jose.txt"
        deck.write_text(spanish_deck(), encoding="utf-8")
        given = self.tt.json("deck", fold(everyone[0]).upper(), str(deck))
        assert (given["name"], given["deck"], given["legal"]) == (everyone[0], deck.name, True)
        assert given["replaced"] == f"formulario.csv row {len(everyone) + 2}", given
        self.counts.typed += 1

    def swap(self) -> bool:
        """Two first seats of round 1 exchanged by names typed without accents (``pairings
        --swap``); the tables show them exchanged. False when there are not two tables."""
        tables = [t for t in self.tables() if t["player2"] and t["result"] is None]
        if len(tables) < 2:
            return False
        a, b = tables[0], tables[-1]
        self.tt("pairings", "--swap", typed(a["player1"], self.shape.typing),
                typed(b["player1"], self.shape.typing + 1))
        now = {t["table"]: t for t in self.tables()}
        assert (now[a["table"]]["player1"], now[b["table"]]["player1"]) == (
            b["player1"], a["player1"]), (a, b, now)
        self.counts.typed += 2
        return True

    def rename(self, name: str) -> None:
        """``tt event rename`` by the name typed without accents in capitals; the player (same
        id, PIN) has the new name everywhere, the old one nowhere."""
        before = {p["id"]: p for p in self.tt.json("players")}
        new = f"{name} Sáenz"
        done = self.tt.json("rename", fold(name).upper(), new)
        assert (done["old"], done["name"], done["changed"]) == (name, new, True), done
        after = {p["id"]: p for p in self.tt.json("players")}
        assert after[done["id"]]["name"] == new and before[done["id"]]["name"] == name
        assert after[done["id"]]["pin"] == before[done["id"]]["pin"]
        assert name not in {p["name"] for p in after.values()}
        self.counts.typed += 1

    def printed_standings(self, out: Path) -> int:
        """``tt event print standings``: its text has each line of ``standings [--final]
        --json`` — place or rank, name, points — in the same order. Returns the lines read."""
        import pdfplumber

        final = self.tt.json("status")["stage"] == "top-cut"
        cli = self.tt.json("standings", *(("--final",) if final else ()))
        self.tt("print", "standings", "-o", str(out))
        with pdfplumber.open(out) as pdf:
            lines = [ln for page in pdf.pages for ln in (page.extract_text() or "").splitlines()]
        at = 0
        for s in cli:
            lead = f"{s['place'] if final else s['rank']} {s['player']} {s['points']} "
            at = next(i for i in range(at, len(lines)) if lines[i].startswith(lead))
        return len(cli)

    # --- the whole event --------------------------------------------------------------

    def create(self) -> None:
        """The event file, from the CLI (before the server opens it)."""
        s = self.shape
        self.tt("create", "Copa Día de Torneo", "--seed", str(s.seed), "--rounds", str(s.rounds),
                "--top-cut", str(s.top_cut), "--best-of", str(s.best_of))

    def run(self, url: str) -> Counts:
        """Play the event from registration to its last result on the server at ``url``,
        checking after each step."""
        start = time.monotonic()
        self.url = url
        self.org.get(f"{url}/org/login?token={TOKEN}", timeout=10)
        s = self.shape
        everyone = names(s.players)
        self.register_from_form(everyone)
        self.crawl("registered")
        self.check_in(everyone)
        self.crawl("check-in")
        for rnd in range(1, s.rounds + 1):
            self.pair(via_console=rnd % 2 == 1)
            if rnd == 1 and self.swap():
                self.crawl("swap")
            if rnd == s.late_round:
                self.late_entry(last=rnd == s.rounds)
            self.report_round(rnd)
            if rnd == 1:
                self.correct_and_penalise()
                self.rename(everyone[1])
                self.crawl("rename")
            if s.drops and rnd == s.drop_after and rnd < s.rounds:
                self.drop(s.drops)
        if s.top_cut:
            self.top_cut()
        self.counts.seconds = time.monotonic() - start
        return self.counts

    def top_cut(self) -> None:
        """The bracket to its final: seeded from the console, then the CLI; every page then
        shows the final placings, champion first."""
        first = True
        while True:
            before = dict(self.versions)
            with self._open_phone() as follow:
                if first:
                    said = self.post_org("top-cut")
                    assert "paired" in said or "emparejad" in said, said[:300]
                else:
                    self.tt("top-cut")
                follow()
            html = self.crawl("top-cut pairing")
            self._followed(before, html)
            self.report_round(0, top_cut=True)
            first = False
            status = self.get("/api/status").json()
            if status["champion"]:
                break
        final = self.tt.json("standings", "--final")
        assert final[0]["player"] == status["champion"] and final[0]["place"] == "1"
        html = self.crawl("champion")
        proj = html["/projector"]
        assert 'id="final-placings"' in proj
        shown = [html_lib.unescape(n) for n in re.findall(r'<span class="name">([^<]*)', proj)]
        assert shown[:2] == [final[0]["player"], final[1]["player"]], shown[:3]
        rows = re.findall(r'<td class="num">([^<]*)</td><td>([^<]*)', html["/standings"])
        assert [(p, html_lib.unescape(n).strip()) for p, n in rows[:2]] == [
            ("1", final[0]["player"]), ("2", final[1]["player"])]
