"""The words of the refusals and warnings of an event's setup, players, check-in, entering results,
manual pairing, and the warnings of the round and result read models: code -> English template
(see :mod:`tt_organizer.messages`)."""

from __future__ import annotations

from tt_organizer.i18n import N_

WORDS: dict[str, str] = {
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
