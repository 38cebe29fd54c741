"""Pyramid solitaire: game engine, exact solver, command line and browser game."""
