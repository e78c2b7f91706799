"""Monte Carlo over the rules engines, and vectorised (numpy) simulators that
give the engines' results on the same shuffled decks."""
