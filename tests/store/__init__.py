"""The store's tests: a private data directory and a registry of two tiny games (store_fakegames)."""
