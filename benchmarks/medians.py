#!/usr/bin/env python3
"""Medians over several runs of run-jms-bench.sh or run-broker-bench.sh (each run measures both sides itself).

usage: medians.py jms    OUT.md benchmarks/results/jms-<stamp> ...      (raw run directories, >= 3 recommended)
       medians.py broker OUT.md benchmarks/results/broker-<stamp> ...

Per row: the median rate of each side over the runs where that row did not fail, the ratio of the two medians
(ours / anchor: > 1.0 = faster than the anchor), and each run's own ratio. A row that failed in a run (an error such
as lost messages, or a drain short of its backlog) is counted as FAILED in that run and left out of its medians;
the failures are listed. Runs are read in the order given.
"""
import glob
import json
import os
import statistics
import sys
from collections import OrderedDict


def jms_run(d):
    """{(scenario, body, phase): {target: (rate or None if failed, row)}} of one run directory."""
    rows = OrderedDict()
    for target in ("artemis", "apogee-sync"):
        for p in sorted(glob.glob(os.path.join(d, target + "-*.jsonl"))):
            for line in open(p):
                if not line.strip():
                    continue
                r = json.loads(line)
                key = (r["scenario"].split("@")[0], r["variant"], r["phase"])
                ok = not r.get("error") and r.get("rate") is not None
                rows.setdefault(key, {})[target] = (r["rate"] if ok else None, r)
    return rows


BROKER_KEYS = {"drain": "consume_msgs_per_s", "pop-drain": "consume_msgs_per_s"}


def broker_run(d):
    rows = OrderedDict()
    path = os.path.join(d, "results.jsonl")
    if not os.path.exists(path):
        return rows
    for line in open(path):
        r = json.loads(line)
        if r["row"] in ("warmup", "latency-idle"):
            continue
        key = (r["flush"], r["row"], "")
        v = r.get(BROKER_KEYS.get(r["row"], "send_msgs_per_s"))
        ok = not r.get("error") and v is not None
        rows.setdefault(key, {})[r["server"]] = (float(v) if ok else None, r)
    return rows


def fmt(v):
    return "–" if v is None else f"{v:,.0f}"


def main(kind, out, dirs):
    anchor, ours = ("artemis", "apogee-sync") if kind == "jms" else ("apache", "apogee")
    runs = [(os.path.basename(d.rstrip("/")), (jms_run if kind == "jms" else broker_run)(d)) for d in dirs]
    keys = OrderedDict()
    for _, rows in runs:
        for k in rows:
            keys[k] = True
    lines = [f"## Medians of {len(runs)} runs: {', '.join(n for n, _ in runs)}", "",
             f"Rate = msgs/s (round trips/s for reqreply); ratio = {ours} / {anchor} (> 1.0: faster than {anchor}). "
             "A run in which a row failed is left out of that row's medians (n = runs counted).", "",
             f"| {'scenario | body | phase' if kind == 'jms' else 'flush | row'} | {anchor} median (n) | "
             f"{ours} median (n) | **ratio of medians** | per-run ratios |",
             "|---|---|---|---:|---:|---:|---|" if kind == "jms" else "|---|---|---:|---:|---:|---|"]
    failures = []
    for k in keys:
        vals = {anchor: [], ours: []}
        per_run = []
        for name, rows in runs:
            cell = rows.get(k, {})
            for t in (anchor, ours):
                if t in cell:
                    if cell[t][0] is None:
                        failures.append(f"- {name} {t} {' / '.join(x for x in k if x)}: "
                                        f"{cell[t][1].get('error', 'no figure')}")
                    else:
                        vals[t].append(cell[t][0])
            a, o = cell.get(anchor, (None,))[0], cell.get(ours, (None,))[0]
            per_run.append(f"{o / a:.2f}" if a and o is not None else "FAILED" if (anchor in cell or ours in cell)
                           and (a is None or o is None) else "–")
        ma = statistics.median(vals[anchor]) if vals[anchor] else None
        mo = statistics.median(vals[ours]) if vals[ours] else None
        ratio = f"**{mo / ma:.2f}**" if ma and mo is not None else "–"
        head = " | ".join(k) if kind == "jms" else f"{k[0]} | {k[1]}"
        lines.append(f"| {head} | {fmt(ma)} ({len(vals[anchor])}) | {fmt(mo)} ({len(vals[ours])}) | {ratio} | "
                     f"{' '.join(per_run)} |")
    if failures:
        lines += ["", "Failed rows (not counted in the medians):", ""] + failures
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("jms", "broker"):
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
