"""The bundle's entry script: what double-clicking Mahjong Atlas runs (PyInstaller needs a file)."""

from game.__main__ import main

if __name__ == "__main__":
    raise SystemExit(main())
