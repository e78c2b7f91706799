"""Step through a deal's frames on a static page: :class:`DealReplay`.

No game rule lives here. Imported from :mod:`banking_games.widgets.common` as well.
"""

from __future__ import annotations

from typing import Sequence

import html

import ipywidgets as widgets

from . import plain
from ..i18n import _
from ..checks import whole_number

from ..render import MUTED_COLOUR, merge_frames


# ---------------------------------------------------------------- the replay

class DealReplay(plain.VBox):
    """Step through a deal's frames in the browser, with or without a kernel.

    A ``Play`` button and a slider are linked *in the browser* (``jslink``)
    to a ``Stack``, so on a static web page the reader can play or drag
    through a deal computed when the page was built.

    In a kernel, :meth:`set_frames` replaces the frames as a deal goes on.
    Making an ipywidget costs about a millisecond (and a message to the
    browser), too slow to make dozens in one click such as 'Deal to the
    end', so the stack's widgets are made once, up front (``size`` of them),
    and reused: a new deal only changes the text of those that differ,
    and the stack's list of children only when the number of frames does.

    Two sets of controls:

    * ``compact=True`` (a replay written into a web page): ipywidgets'
      ``Play`` (Play and Stop buttons, icons only) and a slider, which the
      website's script names (book/_ext/static/bg-site.js); and, for the
      same page run in a notebook, where no script of the book runs, a
      *Play* toggle and the labelled number field described below, without
      *Back* and *Next* (a saved page has no Python). The website's
      stylesheet hides the second set (bg-site.css); in a notebook the
      replay's own style hides the first (under JupyterLab's
      ``.jp-Notebook``), so each reader meets one set;
    * otherwise (the dealing tables' "Step through this deal", always shown
      with Python running: JupyterLab, JupyterLite, *Deal live*), controls
      that carry their own names where no script of the book runs
      (issue 19): a *Play* toggle button, *Back* and *Next* buttons, and the
      frame's number in a labelled number field (``label``; arrow keys step
      it). ipywidgets' slider handle and Play buttons have no accessible
      name there. The ``Play`` widget is still the clock, hidden: the
      toggle is linked to its ``playing`` in the browser, so playing sends
      no message per frame. *Back* and *Next* run in Python.

    In both, ``play`` is the clock and ``slider`` the frame's number (a
    slider, or the number field), linked in the browser to the stack.

    Two ways to hold the frames:

    * default: the stack holds one HTML widget per frame (the frames as given);
    * ``compact=True``, for a replay written into a web page, where every
      frame is in the page's HTML: the frames are merged by
      :func:`banking_games.render.merge_frames` into one drawing, shown by
      the HTML widget ``board`` (in a box of class ``bg-frames``), that
      holds each distinct piece (a cell, a card, a title) once; the stack
      (hidden) then holds, per frame, a one-line ``<style>`` that hides the
      pieces not in that frame (for the screen: ``@media screen``; the
      site's print script shows the last frame). The reader sees exactly
      the same frames; Hoggenheimer's chapter replay takes about 30 kB of
      the page instead of about 270 kB. No JavaScript of ours is needed:
      it works the same in Jupyter.

    Args:
        frames: HTML fragments, one per step of the deal (e.g. from a
            ``display`` module's table function), first to last. At least one.
        interval_ms: time between frames when playing, in milliseconds.
        label: text before the slider (e.g. ``"Card"``).
        size: how many stack widgets to make up front (at least
            ``len(frames)``; a table passes the most frames a deal can have,
            e.g. the pack's size plus one). More are made if ever needed.
        compact: merge the frames into one drawing (see above).

    Raises:
        ValueError: if ``frames`` is empty.
    """

    def __init__(self, frames: Sequence[str], *, interval_ms: int = 900, label: str | None = None,
                 size: int = 0, compact: bool = False) -> None:
        if not frames:
            raise ValueError("a DealReplay needs at least one frame")
        label = _("Step") if label is None else label
        top = len(frames) - 1
        self._compact = compact
        # the stack's widgets share one layout and one style: fewer models to make, send and draw
        # (a Hoggenheimer table's replay holds 34 frames: 68 models fewer, its Deal live start
        # shorter). A table's frame scrolls sideways on its own when the page is narrower than the
        # table (a phone), instead of cutting the table off.
        self._shared_layout = plain.shared("layout") if compact else widgets.Layout(overflow="auto", max_width="100%")
        self._shared_style = plain.shared("html_style")
        self.board = plain.HTML("", layout=widgets.Layout(overflow="auto", max_width="100%"))
        texts = self._texts(frames)
        self._pool = ([self._frame(t) for t in texts] + [self._frame() for _ in range(size - len(frames))])
        self.play = widgets.Play(value=0, min=0, max=top, step=1, interval=interval_ms,
                                 description=_("Play the deal"), show_repeat=False)
        named = self._named_controls(label, top, steps=not compact)
        if compact:
            self.slider = widgets.IntSlider(value=0, min=0, max=top, step=1, description=label,
                                            continuous_update=True,
                                            layout=widgets.Layout(width="min(420px, 90%)"))
            widgets.jslink((self.frame_field, "value"), (self.slider, "value"))
            slider_set = plain.HBox([self.play, self.slider])
            slider_set.add_class("bg-replay-slider-set")
            named.add_class("bg-replay-named-set")
            controls = plain.VBox([slider_set, named])
        else:
            self.play.layout.display = "none"
            self.slider = self.frame_field
            named.children += (self.play,)
            controls = named
        # (hidden below in a compact replay: then a layout of its own)
        self.stack = widgets.Stack(self._pool[:len(frames)], selected_index=0,
                                   layout=widgets.Layout() if compact else plain.shared("layout"))
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        widgets.jslink((self.slider, "value"), (self.stack, "selected_index"))
        # class names for the site's stylesheet, print script and tests (book/_ext/static/bg-site.*)
        if compact:
            self.stack.layout.display = "none"
            self.stack.add_class("bg-frame-styles")
            shown = plain.Box([self.board])
            shown.add_class("bg-frames")
            super().__init__([controls, shown, self.stack])
            self.add_class("bg-replay-compact")
        else:
            self.stack.add_class("bg-frames")
            super().__init__([controls, self.stack])
        self.add_class("bg-replay")

    def _named_controls(self, label: str, top: int, *, steps: bool) -> widgets.HBox:
        """Controls that carry their own names in any Jupyter front end (see
        the class's docstring): a *Play* toggle linked in the browser to the
        ``Play`` clock, with (``steps``, Python running) *Back* and *Next*,
        and the frame's number in a field labelled ``label``."""
        self.play_button = widgets.ToggleButton(value=False, description=_("Play"), icon="play",
                                                tooltip=_("Play the deal from this step; press again to pause"),
                                                layout=widgets.Layout(width="auto"))
        self.frame_field = widgets.BoundedIntText(value=0, min=0, max=top, step=1, description=label,
                                                  continuous_update=True,
                                                  style={"description_width": "initial"},
                                                  layout=widgets.Layout(width="9em"))
        self.of_total = plain.HTML(self._of_total(top))
        widgets.jslink((self.play_button, "value"), (self.play, "playing"))
        buttons = [self.play_button]
        if steps:
            self.back_button = plain.Button(description=_("Back"), icon="step-backward", tooltip=_("One step back"),
                                              layout=widgets.Layout(width="auto"))
            self.next_button = plain.Button(description=_("Next"), icon="step-forward", tooltip=_("One step on"),
                                              layout=widgets.Layout(width="auto"))
            self.back_button.on_click(lambda _: self.step(-1))
            self.next_button.on_click(lambda _: self.step(+1))
            buttons += [self.back_button, self.next_button]
        for w in buttons:
            w.add_class("bg-replay-button")
        return plain.HBox(buttons + [self.frame_field, self.of_total])

    @staticmethod
    def _of_total(top: int) -> str:
        return f'<span style="color:{MUTED_COLOUR}">{html.escape(_("of {total}").format(total=top))}</span>'

    def step(self, by: int) -> None:
        """Show the frame ``by`` steps after the one shown (before it if
        negative), stopping at the first and the last frame; this pauses
        playing. What *Back* (-1) and *Next* (+1) do.

        Raises:
            ConfigError: ``by`` is not a whole number (nothing changes then).
        """
        by = whole_number(by, "the number of steps")
        self.play.playing = False
        self.slider.value = min(max(self.slider.value + by, 0), self.slider.max)

    def _frame(self, value: str = "") -> widgets.HTML:
        return plain.HTML(value, layout=self._shared_layout, style=self._shared_style)

    def _texts(self, frames: Sequence[str]) -> list[str]:
        """What the stack's widgets hold for these frames: the frames
        themselves, or (compact) each frame's hiding style, after drawing the
        merged frames in ``board``."""
        if not self._compact:
            return [str(f) for f in frames]
        css, board, hide = merge_frames([str(f) for f in frames])
        # in a notebook (JupyterLab, JupyterLite) the named controls replace Play and the slider
        notebook = ".jp-Notebook .bg-replay-compact .bg-replay-slider-set{display:none!important}"
        board = f"<style>{css}{notebook}</style>{board}"
        if self.board.value != board:
            self.board.value = board
        return [f"<style>@media screen{{{h}}}</style>" if h else "" for h in hide]

    @property
    def n_frames(self) -> int:
        """How many frames the replay holds now."""
        return len(self.stack.children)

    def set_frames(self, frames: Sequence[str], *, index: int | None = None) -> None:
        """Replace the frames (in a kernel) and show frame ``index`` (default: the last).

        Raises:
            ValueError: ``frames`` empty, or ``index`` not a frame's index
                (nothing is changed then).
        """
        if not frames:
            raise ValueError("a DealReplay needs at least one frame")
        top = len(frames) - 1
        index = top if index is None else index
        whole_number(index, "index", low=0, high=top, rule=f"index must be a frame's index from 0 to {top}")
        pool = self._pool
        if len(pool) < len(frames):  # more frames than expected: make the missing widgets once
            pool.extend(self._frame() for _ in range(len(frames) - len(pool)))
        for child, text in zip(pool, self._texts(frames)):
            if child.value != text:
                child.value = text
        # widen before moving the value, narrow after, so no value is ever out of range
        with self.play.hold_sync(), self.slider.hold_sync(), self.frame_field.hold_sync():
            self.play.max = max(self.play.max, top)
            self.slider.max = max(self.slider.max, top)
            self.frame_field.max = max(self.frame_field.max, top)
            with self.stack.hold_sync():
                if len(self.stack.children) != len(frames):
                    self.stack.selected_index = min(index, len(self.stack.children) - 1)
                    self.stack.children = pool[:len(frames)]
                self.stack.selected_index = index
            self.slider.value = index
            self.frame_field.value = index
            self.play.value = index
            self.play.max = top
            self.slider.max = top
            self.frame_field.max = top
            self.of_total.value = self._of_total(top)
