"""The menu screens around the table: title, new game, settings, rules, results.

Each screen is a :class:`game.ui.screens.Screen`; what the player chose leaves it as an *intent*
(:mod:`.intents`) that the app acts on, so no screen knows the table's internals.
"""
