"""Each game's expected values for the generic tests (tests that iterate
``banking_games.registry.GAMES``): one module per game, named by the game's
``package`` in the registry, each value beside its derivation or measurement.
Tests read them through ``conftest.expected(slug, NAME)``, which fails the test
(naming the file and the value) when a game has none, so that a new game adds
its module here; the names a game gives are the ones in the existing modules.
"""
