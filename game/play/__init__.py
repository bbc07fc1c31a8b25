"""The engine's rooms: setting up a battle, the round's flow and one module per
kind of action. Each works on a `contract.GameView` (what a room may read and
change of a game) and never imports the engine; only `Game.apply` calls them."""
