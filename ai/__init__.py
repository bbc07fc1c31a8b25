"""Controllers that answer the engine's pending decisions with legal actions."""
