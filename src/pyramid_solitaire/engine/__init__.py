"""The rules of Pyramid solitaire: the specification every other part is held to (standard library only).

errors    refusal codes and their English      cards     values and notation
decks     deck strings, deal numbers           variants  the rules of each variant, as data
deal      positions, legal moves, apply        game      a deal plus moves: undo, redo, records
view      what a player sees (the page's JSON) board     the same as text, for the terminal
"""
