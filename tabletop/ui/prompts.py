"""The real prompter: questionary, with Ctrl-C and Ctrl-D reaching the caller.

``unsafe_ask`` is used throughout so Ctrl-C raises KeyboardInterrupt (the
program then leaves with exit status 130) instead of questionary printing
"Cancelled by user" and returning None.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import questionary
from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout.containers import WindowRenderInfo
from prompt_toolkit.layout.controls import UIContent
from prompt_toolkit.layout.margins import Margin
from prompt_toolkit.styles import Style

from tabletop.interface import RESIZED, Interrupted
from tabletop.ui.base import Choice, Prompter
from tabletop.ui.entries import DISABLED_MARK, LIST_INDENT, entry_lines, list_keys, shown_entry

T = TypeVar("T")

STYLE = Style.from_dict(
    {
        "qmark": "bold",
        "question": "bold",
        "pointer": "bold",
        "highlighted": "bold reverse",
        "selected": "",
        "disabled": "italic",
    }
)


class QuestionaryPrompter(Prompter):
    """The prompter of a full terminal: questionary's menus; an entry's key takes it at once, the arrows
    move the cursor and Enter takes the entry under it, Esc the way back."""

    _running: Application[Any] | None = None
    """The question being asked, for :meth:`interrupt` (from another thread)."""

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        shortcuts = {c.key: c.value for c in choices if c.hidden and c.key}
        choices = [c for c in choices if not c.hidden]
        keys = list_keys(choices)
        shortcuts = {key: value for key, value in shortcuts.items() if key not in keys}  # a line's key comes first
        width = shutil.get_terminal_size().columns
        q_choices = [_entry(c, key, width) for c, key in zip(choices, keys)]
        default_choice = None
        if default is not None:
            default_choice = next(
                (qc for qc, c in zip(q_choices, choices) if c.value == default and not c.disabled), None
            )
        question = questionary.select(
            message,
            choices=q_choices,
            default=default_choice,
            style=STYLE,
            use_shortcuts=False,
            use_arrow_keys=True,
            use_jk_keys=False,
            instruction="(keys or arrows, Enter)" if any(keys) else "(arrows, Enter)",
        )
        _add_keys(question, next((qc.value for qc, c in zip(q_choices, choices) if c.back), None))
        _answer_keys(question, keys, [c.title for c in choices], shortcuts)
        lines, self.list_lines = self.list_lines, None  # for this list only
        if lines is not None:
            _scroll_entries(question, lines)
        redraws, self.redraws = self.redraws, False
        if redraws:
            _end_on_resize(question)
        answer = self._asking(question.application, question.unsafe_ask)
        if answer is None:
            raise EOFError
        return RESIZED if answer is RESIZED else answer.value

    def text(self, message: str, *, default: str = "", validate: Callable[[str], bool | str] | None = None) -> str:
        question = questionary.text(message, default=default, validate=validate, style=STYLE)
        _add_keys(question, _Box(default))  # Esc leaves the text as it was
        _wrap_refusals(question)
        answer = self._asking(question.application, question.unsafe_ask)
        if answer is None:
            raise EOFError
        return str(answer.value if isinstance(answer, _Box) else answer)

    def confirm(self, message: str, *, default: bool = True) -> bool:
        question = questionary.confirm(message, default=default, style=STYLE)
        answer = self._asking(question.application, question.unsafe_ask)
        if answer is None:
            raise EOFError
        return bool(answer)

    def pause(self, message: str = "Press any key to go on") -> None:
        """Wait for a key; unlike questionary's own, Ctrl-C and Ctrl-D still mean leave."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.keys import Keys

        bindings = KeyBindings()

        @bindings.add(Keys.ControlC)
        def _interrupt(event: Any) -> None:
            event.app.exit(exception=KeyboardInterrupt())

        @bindings.add(Keys.ControlD)
        def _eof(event: Any) -> None:
            event.app.exit(exception=EOFError())

        @bindings.add(Keys.Any)
        @bindings.add(Keys.Escape)
        def _any(event: Any) -> None:
            event.app.exit(result=None)

        app: Application[Any] = PromptSession(
            [("class:question", f"{message} ")], key_bindings=bindings, style=STYLE
        ).app
        self._asking(app, app.run)

    def interrupt(self) -> bool:
        app = self._running
        if app is None or app.loop is None:
            return False
        loop = app.loop

        def end() -> None:
            if app.is_running and not app.is_done:
                app.exit(exception=Interrupted())

        loop.call_soon_threadsafe(end)
        return True

    def _asking(self, app: Application[Any], ask: Callable[[], T]) -> T:
        """``ask()``, its application the one :meth:`interrupt` ends meanwhile."""
        self._running = app
        try:
            return ask()
        finally:
            self._running = None


def _entry(choice: Choice, key: str | None, width: int) -> questionary.Choice:
    """questionary's entry for ``choice``: its text broken between words to fit ``width`` (see
    :func:`~tabletop.ui.entries.entry_lines`), the next lines indented past the cursor's columns."""
    lines = entry_lines(shown_entry(choice, key), width)
    text = ("\n" + " " * LIST_INDENT).join(lines)
    if not choice.disabled:
        return questionary.Choice(title=text, value=_Box(choice.value))
    # questionary shows "- " and the title, then the reason unless it is True: the text holds all three.
    return questionary.Choice(
        title=text.removeprefix(DISABLED_MARK),
        value=_Box(choice.value),
        disabled=True,  # type: ignore[arg-type]
    )


def _scroll_entries(question: questionary.Question, lines: int) -> None:
    """Show at most ``lines`` lines of the list's entries, marked where more lie: the cursor's entry stays in view."""
    from prompt_toolkit.layout import Dimension, Window
    from questionary.prompts.common import InquirerControl

    for window in question.application.layout.walk():
        if isinstance(window, Window) and isinstance(window.content, InquirerControl):
            window.height = Dimension(max=lines)
            window.right_margins = [ScrollMarks()]


def _end_on_resize(question: questionary.Question) -> None:
    """End the list with :data:`RESIZED` when the terminal changes size, or at Ctrl-L: prompt_toolkit would draw
    the list again alone, the board above it left broken by the terminal's new width or wiped away."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    app = question.application

    def resized() -> None:
        if app.is_running and not app.is_done:
            app.exit(result=RESIZED)

    # prompt_toolkit calls this method on SIGWINCH (and when its size polling sees a change).
    app._on_resize = resized  # type: ignore[method-assign]
    again = KeyBindings()

    @again.add("c-l", eager=True)
    def _again(event: Any) -> None:
        resized()

    app.key_bindings = merge_key_bindings([app.key_bindings, again]) if app.key_bindings else again


class ScrollMarks(Margin):
    """A list's right edge: ``^`` on its first line while entries lie above, ``v`` on its last while some lie
    below, nothing where the list is seen to its end (prompt_toolkit's scroll bar draws both arrows always)."""

    def get_width(self, get_ui_content: Callable[[], UIContent]) -> int:
        return 1

    def create_margin(self, window_render_info: WindowRenderInfo, width: int, height: int) -> StyleAndTextTuples:
        marks: StyleAndTextTuples = []
        for row in range(height):
            above = row == 0 and not window_render_info.top_visible
            below = row == height - 1 and not window_render_info.bottom_visible
            marks += [("class:scrollbar.arrow", "^" if above else "v" if below else " "), ("", "\n")]
        return marks


def _wrap_refusals(question: questionary.Question) -> None:
    """Let a refused answer's message wrap onto more lines instead of being cut at the screen's edge.

    prompt_toolkit's validation toolbar is one line high; a card file's message
    names the file, the card and what was expected, and often needs two.
    """
    from prompt_toolkit.filters import to_filter
    from prompt_toolkit.layout import FormattedTextControl, Window

    for window in question.application.layout.walk():
        if not isinstance(window, Window) or not isinstance(window.content, FormattedTextControl):
            continue
        if getattr(window.content.text, "__qualname__", "").startswith("ValidationToolbar."):
            window.height = None
            window.wrap_lines = to_filter(True)


def _add_keys(question: questionary.Question, back: _Box | None = None) -> None:
    """Make Ctrl-D leave from a list too, as it does from a text prompt, SIGINT act as Ctrl-C, and Esc pick ``back``.

    In a list, Home and End also move the cursor to the first and last entry that
    can be chosen: a long list (a Muster hand with every castle action) is quicker
    to cross this way than by holding an arrow down; a key that no entry has rings the bell.
    """
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from prompt_toolkit.keys import Keys
    from questionary.prompts.common import InquirerControl

    extra = KeyBindings()

    @extra.add(Keys.ControlD, eager=True)
    def _eof(event: Any) -> None:
        event.app.exit(exception=EOFError())

    # While a prompt runs, prompt_toolkit turns SIGINT (`kill -INT`) into this
    # key, which a questionary list ignores; it must leave as Ctrl-C does.
    @extra.add(Keys.SIGINT, eager=True)
    def _interrupt(event: Any) -> None:
        event.app.exit(exception=KeyboardInterrupt())

    if back is not None:

        @extra.add(Keys.Escape, eager=True)
        def _back(event: Any) -> None:
            event.app.exit(result=back)

    app = question.application
    listing = next((c for c in app.layout.find_all_controls() if isinstance(c, InquirerControl)), None)
    entries = (
        [i for i, c in enumerate(listing.choices) if not c.disabled and not isinstance(c, questionary.Separator)]
        if listing
        else []
    )
    if listing and entries:

        @extra.add(Keys.Home, eager=True)
        def _first(event: Any) -> None:
            listing.pointed_at = entries[0]

        @extra.add(Keys.End, eager=True)
        def _last(event: Any) -> None:
            listing.pointed_at = entries[-1]

        # A key no entry has rings the terminal's bell rather than doing nothing: every other binding (an
        # entry's key, the arrows, Enter) is more specific than this one and comes first.
        @extra.add(Keys.Any)
        def _unknown(event: Any) -> None:
            event.app.output.bell()

    app.key_bindings = merge_key_bindings([app.key_bindings, extra]) if app.key_bindings else extra


def _wrap_entries(question: questionary.Question, listing: Any) -> None:
    """Let an entry too long for the screen go on to the next line instead of being cut: a whole action
    shown in one entry must be read to its end before its key takes it."""
    from prompt_toolkit.filters import to_filter
    from prompt_toolkit.layout import Window

    for window in question.application.layout.walk():
        if isinstance(window, Window) and window.content is listing:
            window.wrap_lines = to_filter(True)


def _answer_keys(
    question: questionary.Question,
    keys: Sequence[str | None],
    titles: Sequence[str],
    shortcuts: Mapping[str, Any] | None = None,
) -> None:
    """Let each entry's key take that entry at once (one key per decision), Enter the one under the cursor,
    and each key of ``shortcuts`` (hidden entries) its value.

    The list shows each title with its key before it; the answered question shows the title alone.
    """
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from questionary.prompts.common import InquirerControl

    app = question.application
    listing = next((c for c in app.layout.find_all_controls() if isinstance(c, InquirerControl)), None)
    if listing is None:
        return
    _wrap_entries(question, listing)
    bindings = KeyBindings()

    def take(index: int) -> Callable[[Any], None]:
        def _take(event: Any) -> None:
            chosen = listing.choices[index]
            if chosen.disabled:
                return
            listing.pointed_at = index
            chosen.title = titles[index]
            listing.is_answered = True
            event.app.exit(result=chosen.value)

        return _take

    for index, key in enumerate(keys):
        if key is not None and key != "escape":  # Esc is bound to the way back already
            bindings.add(key, eager=True)(take(index))
    for key, value in (shortcuts or {}).items():
        bindings.add(key, eager=True)(_shortcut(value))

    @bindings.add("enter", eager=True)
    def _enter(event: Any) -> None:
        take(listing.pointed_at)(event)

    app.key_bindings = merge_key_bindings([app.key_bindings, bindings]) if app.key_bindings else bindings


def _shortcut(value: Any) -> Callable[[Any], None]:
    """What a hidden entry's key does: answer the list with that entry's value."""

    def _take(event: Any) -> None:
        event.app.exit(result=_Box(value))

    return _take


class _Box:
    """Wraps a value so questionary never mistakes it for a title (e.g. None or a string)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def line_with_keys(message: str, keys: dict[str, str]) -> str:
    """Read a line of text, where each key named in ``keys`` (``"left"``, ``"end"``...) answers at once.

    A named key answers only while the line is empty, so a half-typed number is
    never lost to it. Ctrl-C raises KeyboardInterrupt and Ctrl-D EOFError, as in
    every other prompt.
    """
    from prompt_toolkit import PromptSession
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()
    session: PromptSession[str] = PromptSession(key_bindings=bindings)
    line_is_empty = Condition(lambda: not session.default_buffer.text)

    def answer_with(word: str) -> Callable[[Any], None]:
        def _answer(event: Any) -> None:
            event.app.exit(result=word)

        return _answer

    for key, word in keys.items():
        bindings.add(key, filter=line_is_empty, eager=key == "escape")(answer_with(word))
    return session.prompt(message)
