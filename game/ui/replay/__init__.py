"""The replay viewer (issue 6 §4): a filed match or an imported tenhou.net/6 log on the real table.

``tape`` cuts a match into hands and steps and rebuilds any position from hand-start snapshots,
``viewer`` shows it on the table with the controls, ``hand_list`` lists the hands, ``sources``
opens the library's matches and log files, ``import_screen`` asks for a log's path.
"""
