"""The words of the refusals and warnings of decklists, cards, formats, ban lists and card sources:
code -> English template (see :mod:`tt_organizer.messages`)."""

from __future__ import annotations

from tt_organizer.i18n import N_

WORDS: dict[str, str] = {
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
    # the deck check's and the other library sentences (moved from Msg calls in place)
    "deck-not-checked-without-card": N_("not checked without card data: {rule}"),
    "deck-not-known-card-number": N_(
        "{number} is not a known card number; closest known: {closest}"),
    "deck-not-known-card-number-2": N_("{number} is not a known card number"),
    "deck-has-cards-must-have": N_("{zone} has {total} cards; it must have {size}"),
    "deck-belongs": N_("it belongs in the {zone}"),
    "deck-format-does-not-allow": N_("the format does not allow it in any zone"),
    "deck-card": N_("{card} is a {type} card in the {zone}: {where}"),
    "deck-copies-same-name-checked": N_(
        "copies with the same name in the {where} (checked by card identifier only)"),
    "deck-own-text-allows": N_("its own text allows {limit}"),
    "deck-at-most-allowed": N_("at most {limit} allowed"),
    "deck-every-one-must-different": N_("every one of the {group} must be a different card number"),
    "deck-copies": N_("{where}: {n} copies of {card}; {rule}"),
    "deck-banned-list": N_("{card} is banned (list of {date})"),
    "deck-colour-requirement-option-cards": N_("colour requirement of Option cards"),
    "deck-group-of-zone": N_("{group} of the {zone}"),
    "deck-card-types-allowed": N_("card types allowed in the {zone}"),
    "deck-card-types-allowed-each": N_("card types allowed in each zone"),
    "deck-requirement-count": N_("{requirement}: {count}"),
    "deck-deck-has-needs": N_("{requirement}: the deck has {n}, needs {count}"),
    "deck-restricted-list-deck-has": N_(
        "{card} is restricted to {limit} (list of {date}); the deck has {n} across both zones"),
    "deck-banned-pair-may-not": N_("banned pair: {a} may not share a deck with {b}"),
    "deck-count": N_("{group} count in the {zone}"),
    "deck-option-no-so-can": N_(
        "{card} ({colour} Option): no {missing} {providers}, so it can only be used for its "
        "security effect"),
    "deck-holds-must-hold": N_("{zone} holds {n} {group}; it must hold {count}"),
    "deck-types-in-zone": N_("{types} in the {zone}"),
    "deck-line-names-but": N_(
        "line {line}: {text} names {name}, but {number} is {card}; {name} is {nearest}"),
    "deck-line-names-but-no": N_(
        "line {line}: {text} names {name}, but {number} is {card}; no card is named {name}"),
    "deck-any-number": N_("any number of"),
    "deck-exactly": N_("exactly {n}"),
    "deck-count-range": N_("{min}–{max}"),
    "deck-at-least": N_("at least {n}"),
    "deck-at-most": N_("at most {n}"),
    "deck-shipped-tt-organizer-never": N_(", shipped with tt-organizer (never fetched here)"),
    "deck-fetched": N_(", fetched {date}"),
}
