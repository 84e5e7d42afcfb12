"""Swiss pairing and top-cut brackets (pure library: no database, no CLI)."""

from tt_organizer.pairing.swiss import (
    Pairing,
    PairingReport,
    PlayerState,
    analyze_pairings,
    pair_round,
    pair_top_cut,
    pair_top_cut_round,
)

__all__ = [
    "Pairing",
    "PairingReport",
    "PlayerState",
    "analyze_pairings",
    "pair_round",
    "pair_top_cut",
    "pair_top_cut_round",
]
