"""What the game keeps between runs: settings, saved matches and the replay library.

Every file lives under the per-user folders of :mod:`game.paths` and is written through
:mod:`.atomic`, so a crash or a full disk leaves the old file or the new one, never half of each.
Nothing here imports pygame: the menus show what these modules report.
"""
