"""The classroom layer: what the lesson pages, the class board and the Repeat
panel compute, without a widget.

* :mod:`.teaching`: counts, pooling, standard-error bands, the groups' seeds
  (the same for every game);
* :mod:`.group_codes`: the group code's format, its check symbol and its reading;
* :mod:`.repeat_plan`: what a repeat deals and counts, and its tally;
* :mod:`.board_checks`: what the class board checks in a group's code;
* one module per game, ``banking_games.classroom.<package>`` (the package of
  :data:`banking_games.registry.GAMES`), holding that game's pieces under the
  same names in each (its lesson's session ``group``, ``EVENTS``,
  ``chances``, ``mean_net``, ``bet_index``, ``check_counts``, ``Plan``, ...;
  the list is in CONTRIBUTING.md, "Adding a game"). Code that serves every
  game asks ``registry.game(slug).module("classroom")`` for it.

The layer sits on the engines, the exact values and the registry, and below
the widgets: nothing here imports :mod:`banking_games.widgets`.
"""
