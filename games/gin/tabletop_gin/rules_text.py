"""The rules of Gin Rummy as the game plays them, in Markdown, shown from the in-game menu."""

RULES_TEXT = """# Gin Rummy

**Deal.** Ten cards each, one at a time, the non-dealer first; the next card is turned up to start the
discard pile (the upcard), the rest is the stock. South deals the first hand; the winner of a hand
deals the next, and after a drawn hand the same dealer deals again.

**The first upcard.** The non-dealer may take it or pass; if they pass, the dealer may take it or pass;
if both pass, the non-dealer draws from the stock. Whoever takes a card discards one.

**A turn.** Take the upcard or draw from the stock, then discard. The card just taken from the pile may
not be thrown back at once (OpenSpiel's rules allow it).

**Melds.** A set is three or four cards of one rank; a run three or more of one suit in sequence, Ace
low (A-2-3, never Q-K-A). Unmatched cards are deadwood: Ace 1, pips at face value, pictures 10.

**Knock.** After drawing, a player whose deadwood (after the discard) is at most the knock card (10)
may knock: discard face down and spread the melds. With no deadwood it is gin. The other player then
lays off cards on the knocker's melds (not after gin) and spreads their own melds; "Spread the best
melds" does both at once, the way that leaves the least deadwood.

**Score of a hand.** The knocker wins the difference of the deadwoods. If the defender's deadwood is
less than or equal to the knocker's, it is an undercut: the defender wins the difference and 25. Gin
wins the defender's deadwood and 25, and cannot be undercut.

**The wall.** When a discard leaves two cards in the stock, the next player may only take that
discard to knock; otherwise the hand is drawn and scores nothing.

**Game.** Hands are played until someone reaches 100 points. Each hand won adds a box worth 25; the
winner adds 100 for the game (200 if the loser won no hand).

**Options.** Knock card (1-10); Oklahoma (the first upcard's value is the knock card, an Ace means gin
only, and a spade doubles the hand's score); the game's target (0: a single hand, as OpenSpiel plays);
the tie (equal deadwood an undercut, or the knocker's hand worth nothing as in OpenSpiel); and
OpenSpiel's rules in full (docs/gin.md lists every ruling and its source).
"""
