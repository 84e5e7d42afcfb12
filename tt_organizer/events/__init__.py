"""Events: the SQLite event store and the operations an organizer runs on it."""
