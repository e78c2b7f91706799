"""Widgets that share one default layout and style instead of making their own.

Every ipywidgets widget makes its own ``Layout`` (and an ``HTML`` or a
``Button`` its own style) unless it is given one: each is a model of its own,
made in Python, sent to the page and made again there. Most of a table's
labels, boxes and buttons never change how they are laid out, so here they
share one: the ``HTML``, ``Box``, ``HBox``, ``VBox`` and ``Button`` of this
module are ipywidgets' own classes (same names, same models in the browser)
whose default ``layout`` and ``style`` are one shared, frozen instance per
Python process. A widget given its own ``layout=`` or ``style=`` keeps it.

A shared instance refuses changes (:class:`SharedStyleError`, before anything
changes): a widget whose layout or style changes later (shown and hidden, say)
must be given its own ``widgets.Layout()`` when it is made.

Why: a Landsknecht table of 219 models had 67 layouts (39 with every value
at its default) and 23 ``HTMLStyle`` s; in the page each model costs Python
and the widget manager time before the table is first drawn (issue 22,
docs/site-stack.md).
"""

from __future__ import annotations

import ipywidgets as widgets
import traitlets
from ipywidgets.widgets.widget_button import ButtonStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from ..errors import ConfigError

__all__ = ["HTML", "Box", "HBox", "VBox", "Button", "SharedStyleError", "shared"]


class SharedStyleError(ConfigError):
    """A change to a layout or style that many widgets share (see the module's docstring)."""


class _Frozen:
    """Mixin: once made, the synced traits of this Layout or style cannot be set."""

    _frozen = False

    def __setattr__(self, name: str, value: object) -> None:
        if self._frozen and name in self.keys:
            raise SharedStyleError(
                f"this {type(self).__mro__[2].__name__} is shared by many widgets (banking_games.widgets.plain), "
                f"so its {name!r} cannot be changed here: give the widget its own when it is made "
                f"(layout=widgets.Layout(), or a style of its own)")
        super().__setattr__(name, value)


class _SharedLayout(_Frozen, widgets.Layout):
    pass


class _SharedHTMLStyle(_Frozen, HTMLStyle):
    pass


class _SharedButtonStyle(_Frozen, ButtonStyle):
    pass


_KINDS = {"layout": _SharedLayout, "html_style": _SharedHTMLStyle, "button_style": _SharedButtonStyle}
_made: dict[str, widgets.Widget] = {}


def shared(kind: str) -> widgets.Widget:
    """The process's shared, frozen instance of ``kind`` ("layout", "html_style" or
    "button_style"): made at its first use (never while a module is imported, so no
    Python memory snapshot holds one the page has not seen), and made again if it was
    closed (``Widget.close_all``).

    Raises:
        KeyError: another ``kind``.
    """
    made = _made.get(kind)
    if made is None or made.comm is None:
        made = _KINDS[kind]()
        made._frozen = True
        _made[kind] = made
    return made


class HTML(widgets.HTML):
    """``ipywidgets.HTML`` with the shared layout and style unless given its own."""

    @traitlets.default("layout")
    def _default_layout(self):
        return shared("layout")

    @traitlets.default("style")
    def _default_style(self):
        return shared("html_style")


class Button(widgets.Button):
    """``ipywidgets.Button`` with the shared layout and style unless given its own."""

    @traitlets.default("layout")
    def _default_layout(self):
        return shared("layout")

    @traitlets.default("style")
    def _default_style(self):
        return shared("button_style")


class Box(widgets.Box):
    """``ipywidgets.Box`` with the shared layout unless given its own."""

    @traitlets.default("layout")
    def _default_layout(self):
        return shared("layout")


class HBox(widgets.HBox):
    """``ipywidgets.HBox`` with the shared layout unless given its own."""

    @traitlets.default("layout")
    def _default_layout(self):
        return shared("layout")


class VBox(widgets.VBox):
    """``ipywidgets.VBox`` with the shared layout unless given its own."""

    @traitlets.default("layout")
    def _default_layout(self):
        return shared("layout")
