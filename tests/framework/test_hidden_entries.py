"""A hidden entry of a list is a key and no line: its key takes it, and the list does not show it."""

from __future__ import annotations

from tabletop.interface import Choice
from tabletop.ui.plain import PlainPrompter


def test_a_typed_key_takes_a_hidden_entry_that_the_list_does_not_show() -> None:
    shown: list[str] = []
    choices = [Choice("Red", "r"), Choice("Blue", "b"), Choice("Play the first", "first", key="!", hidden=True)]
    answers = iter(["!"])
    prompter = PlainPrompter(read=lambda prompt: next(answers), write=shown.append)
    assert prompter.select("Which colour?", choices) == "first"
    assert not any("Play the first" in line for line in shown) and any("2. Blue" in line for line in shown)


def test_numbers_count_only_the_entries_shown() -> None:
    choices = [Choice("Play the first", "first", key="!", hidden=True), Choice("Red", "r"), Choice("Blue", "b")]
    prompter = PlainPrompter(read=lambda prompt: "2", write=lambda line: None)
    assert prompter.select("Which colour?", choices) == "b"
