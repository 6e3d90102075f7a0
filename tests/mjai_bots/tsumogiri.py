"""A minimal mjai bot for the tests: discards every tile it draws, never calls, never wins.

usage: python tsumogiri.py [MODE [SECONDS]]   MODE: play (default) | garbage | illegal | sleep |
exit | spawn. The misbehaving modes misbehave on the first turn of every hand (``sleep``: sleeps
SECONDS before that reply; ``exit``: exits there; ``spawn``: starts a child that sleeps, writes its
pid and our pid to the file SECONDS names, then plays).
"""

import json
import os
import subprocess
import sys
import time


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "play"
    arg = sys.argv[2] if len(sys.argv) > 2 else "1"
    me = 0
    first_turn = False
    if mode == "spawn":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        with open(arg, "w") as f:
            f.write(f"{os.getpid()} {child.pid}\n")
    for line in sys.stdin:
        events = json.loads(line)
        reply = {"type": "none"}
        for ev in events:
            if ev["type"] == "start_game":
                me = ev["id"]
            elif ev["type"] == "start_kyoku":
                first_turn = True
        last = events[-1]
        if last["type"] == "tsumo" and last["actor"] == me:
            reply = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
            if first_turn and mode != "play":
                first_turn = False
                if mode == "garbage":
                    sys.stdout.write("this is not json\n")
                    sys.stdout.flush()
                    continue
                if mode == "illegal":
                    reply = {"type": "dahai", "actor": me, "pai": "9z", "tsumogiri": False}
                elif mode == "sleep":
                    time.sleep(float(arg))
                elif mode == "exit":
                    sys.exit(3)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
