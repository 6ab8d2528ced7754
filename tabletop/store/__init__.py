"""Saved games, records, replays and statistics in one SQLite database.

Typical use by the program::

    store = Store.open(args.data_dir)          # store.notice: a message to show, if any
    recorder = start_recording(store, match, ["human", "random"], ["You", "Computer"])
    ...                                         # every match.apply() is now saved
    for record in store.unfinished():
        match = load_match(record, registry)    # then attach(store, record.id, match)

See ``docs/data.md`` for where the data lives and the formats.
"""

from tabletop.agents import HUMAN
from tabletop.store.db import DEFAULT_TIMEOUT, Store, StoreError, UnknownRecordError
from tabletop.store.paths import data_dir, database_path
from tabletop.store.recorder import GameNotSavedError, Recorder, attach, start_recording
from tabletop.store.records import (
    RECORD_FORMAT,
    GameRecord,
    RecordError,
    check_record,
    load_match,
    parse_record_text,
    read_record_file,
    record_from_json,
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
    "check_record",
    "compute_stats",
    "data_dir",
    "database_path",
    "load_match",
    "parse_record_text",
    "read_record_file",
    "record_from_json",
    "record_to_json",
    "start_recording",
]
