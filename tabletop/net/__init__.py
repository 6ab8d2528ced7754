"""Duels across the network: a host holds the match, each player's terminal holds only its own view.

- :mod:`~tabletop.net.wire`: the messages (versioned JSON, length-prefixed, each checked against its schema) and
  the limits a connection lives under (size, idleness);
- :mod:`~tabletop.net.codes`: the join code;
- :mod:`~tabletop.net.seat`: what a seat is sent, built from its view and its log alone;
- :mod:`~tabletop.net.server`: the host's listener: seats, joins and rejoins, moves checked as a local move;
- :mod:`~tabletop.net.remote`: a seat played from another terminal, as the match sees it (an agent that waits);
- :mod:`~tabletop.net.client`: a player's connection to the host;
- :mod:`~tabletop.net.table`: the player's table across the network, drawn by the game's own interface.

Nothing here is game-specific: any game with two seats or more plays across the network.
"""
