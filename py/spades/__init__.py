"""«Пики» — the pure Spades engine (placeholder while the engine lands)."""
