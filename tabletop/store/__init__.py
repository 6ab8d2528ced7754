"""Saved games, records, replays and statistics in one SQLite database.

Typical use by the program::

    store = Store.open(args.data_dir)          # store.notice: a message to show, if any
    recorder = start_recording(store, match, ["human", "random"], ["You", "Computer"])
    ...                                         # every match.apply() is now saved
    for record in store.unfinished():
        match = load_match(record, registry)    # tabletop.rebuild; then attach(store, record.id, match)

The store holds data only: it saves a match as it is played, but rebuilding a
match from a record is :mod:`tabletop.rebuild`'s work. See ``docs/data.md`` for
where the data lives and the formats.
"""

from tabletop.agents import HUMAN
from tabletop.store.db import DEFAULT_TIMEOUT, Store, StoreError, UnknownRecordError
from tabletop.store.paths import data_dir, database_path
from tabletop.store.recorder import GameNotSavedError, Recorder, attach, start_recording
from tabletop.store.records import (
    RECORD_FORMAT,
    GameRecord,
    RecordError,
    parse_record_text,
    read_record_data,
    record_fields,
    record_to_json,
)
from tabletop.store.stats import StatsRow, compute_stats

__all__ = [
    "DEFAULT_TIMEOUT",
    "HUMAN",
    "RECORD_FORMAT",
    "GameNotSavedError",
    "GameRecord",
    "RecordError",
    "Recorder",
    "StatsRow",
    "Store",
    "StoreError",
    "UnknownRecordError",
    "attach",
    "compute_stats",
    "data_dir",
    "database_path",
    "parse_record_text",
    "read_record_data",
    "record_fields",
    "record_to_json",
    "start_recording",
]
