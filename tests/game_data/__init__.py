"""Each game's expected values for the generic tests (tests that iterate
``banking_games.registry.GAMES``): one module per game, named by the game's
``package`` in the registry, each value beside its derivation or measurement.
Tests read them through ``conftest.expected(slug, NAME)``, which fails the test
(naming the file and the value) when a game has none, so that a new game adds
its module here; the names a game gives are the ones in the existing modules.
"""


def with_changes(base: dict, **changes) -> dict:
    """A copy of ``base`` (a group's counts) with ``changes``: a value replaces the
    event's counts, ``None`` removes the event."""
    out = dict(base)
    for k, v in changes.items():
        if v is None:
            out.pop(k, None)
        else:
            out[k] = v
    return out
