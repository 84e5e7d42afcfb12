"""Seasons: points added up across events (a store league, a regional circuit)."""
