"""Topoum (docs/rules.md §4): moles at war on a hex board, as a pure engine.

- ``state``: :func:`~engine.topoum.state.new_game`, :class:`~engine.topoum.state.TopoumState`
  (``legal_actions``, ``apply``, ``outcome``, ``view``, ``to_json``/``from_json``) and the house
  readings of the rulebook;
- ``actions`` / ``events``: the small steps a turn is made of, and what they did;
- ``cards``: card types, categories, farmers, the battle deck;
- ``board``: bases, moles and obstacles on the radius-6 board, battlefield shape, the compact
  board notation; ``targets``: where each card can act; ``scoring``: lines of sight and the final
  scoring;
- ``ai``: players at three levels; ``selfplay``: invariants and AI matches for
  ``python -m engine.selfplay --game topoum``.
"""
