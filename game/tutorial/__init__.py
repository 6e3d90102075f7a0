"""Tutorial levels on claim priority: data files in ``levels/``, played on the real table and
judged by the real engine (``python -m game levels check``)."""
