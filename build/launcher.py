"""The bundle's entry script: what double-clicking Mahjong Atlas runs (PyInstaller needs a file)."""

import multiprocessing

from game.__main__ import main

if __name__ == "__main__":
    # a child process the game spawns (a log read: game.ui.replay.log_job) starts this same
    # executable: freeze_support runs the child's work and exits before the game would open
    multiprocessing.freeze_support()
    raise SystemExit(main())
