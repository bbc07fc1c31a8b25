"""The engine's rooms: setting up a battle, the round's flow and one module per
kind of action. Each works on a `game.engine.Game`; only `Game.apply` calls them."""
