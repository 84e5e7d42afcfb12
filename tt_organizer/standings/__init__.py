"""Swiss standings and tiebreakers (pure library: no database, no CLI).

:mod:`~tt_organizer.standings.tiebreakers` computes the standings,
:mod:`~tt_organizer.standings.policy` holds the tiebreak policies and
:mod:`~tt_organizer.standings.match_record` the result record they read.
"""
