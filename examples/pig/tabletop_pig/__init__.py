from tabletop_pig.game import game as game
