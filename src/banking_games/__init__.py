"""Rules engines, exact analysis and dealing tables for three historical
banking card games: Hoggenheimer, Banker and Broker, and Landsknecht.

The dealing path (:mod:`.cards`, :mod:`.money`, :mod:`.games`, :mod:`.render`)
imports only the standard library.
"""

from .cards import JOKER, Card, Suit, full_pack, hoggenheimer_pack, parse_card, parse_cards, piquet_pack, shuffled
from .errors import (BetError, CardError, ConfigError, DealOverError, DeckError, GameError, RuleError,
                     StakeError)
from .money import LOSE, PUSH, WIN, BetResult, Settlement, to_stake

__version__ = "0.1.0"
