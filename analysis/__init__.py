"""stichfest.analysis: what the exact solver's answers mean for a player.

Monte Carlo over the unseen cards, on top of :mod:`stichfest` (the solver
never imports this package):

- :mod:`~stichfest.analysis.evaluate`: ``evaluate_hand``, each contract's
  chance and payout for one hand before play;
- :mod:`~stichfest.analysis.midgame`: ``analyze_position``, each card's
  value during play;
- :mod:`~stichfest.analysis.single_dummy`: play-outs where each player
  sees only his own hand, beside double dummy;
- :mod:`~stichfest.analysis.defence`: the defenders' view and Kontra;
- :mod:`~stichfest.analysis.review`: ``review_game``, where a played game
  was lost, card by card;
- :mod:`~stichfest.analysis.tout`: is a Tout guaranteed on the declarer's
  information; :mod:`~stichfest.analysis.puzzle`: single-solution puzzles;
- :mod:`~stichfest.analysis.sampling` (the deals drawn),
  :mod:`~stichfest.analysis.scoring` (levels and tariffs),
  :mod:`~stichfest.analysis.stats` (intervals), and the command line in
  :mod:`~stichfest.analysis.cli`.

Bad input raises :class:`~stichfest.analysis.errors.InputError` (a
``ValueError``) with a one-line message.
"""
