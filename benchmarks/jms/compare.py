#!/usr/bin/env python3
"""Joins jmsbench JSON lines of Artemis and Apogee runs into the report tables of run-jms-bench.sh.

usage: compare.py OUT.md HEADER.md artemis=A1.jsonl,A2.jsonl apogee-sync=B1.jsonl,... [apogee-async=...]

The first target is the anchor; every other target gets a ratio column (its rate / the anchor's rate, > 1.0 =
faster than the anchor) and a p50 latency ratio (anchor p50 / its p50, > 1.0 = lower latency than the anchor).
"""
import json
import sys
from collections import OrderedDict

# scenarios whose notes say how the messages split between the consumers (benchmarks/jms/scenarios)
SPLIT_SCENARIOS = ("competing-consumers", "selector-queue")


def load(paths):
    rows = OrderedDict()
    for p in paths:
        with open(p) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    # "async-send@ConfirmedConnectionFactory" (Artemis) and "async-send" (us) are one row
                    rows[(r["scenario"].split("@")[0], r["variant"], r["phase"])] = r
    return rows


def rate(r):
    """The row's rate, or None when it has none or failed (a failed row, e.g. one that lost messages, is no figure)."""
    return r.get("rate") if r and r.get("rate") is not None and not r.get("error") else None


def fmt_rate(r):
    if r and r.get("error"):
        return "FAILED"
    v = rate(r)
    if v is None:
        return "-"
    s = f"{v:,.0f}"
    if not r.get("complete", True):
        s += " (incomplete)"
    return s


def fmt_lat(r):
    la = r.get("latency") if r else None
    return f"{la['p50_ms']:.3f} / {la['p99_ms']:.3f}" if la else "-"


def fmt_cpu(r):
    if not r:
        return "-"
    c, b = r.get("client_cpu_s"), r.get("broker_cpu_s")
    return f"{c if c is not None else 0:.1f} / {b if b is not None else 0:.1f}"


def main(out, header, specs):
    targets = []
    for spec in specs:
        name, files = spec.split("=", 1)
        targets.append((name, load([f for f in files.split(",") if f])))
    keys = OrderedDict()
    for _, rows in targets:
        for k in rows:
            keys[k] = True
    lines = [open(header).read().rstrip(), ""]
    for name, rows in targets:
        lines += [f"### {name}", "",
                  "| scenario | body | phase | count | rate/s | p50 / p99 ms | latency of | client / broker CPU s | load |",
                  "|---|---|---|---:|---:|---:|---|---:|---|"]
        for k in keys:
            r = rows.get(k)
            if not r:
                continue
            what = (r.get("latency") or {}).get("what", "")
            lines.append(f"| {k[0]} | {k[1]} | {k[2]} | {r['count']} {r.get('unit', '')} | {fmt_rate(r)} | "
                         f"{fmt_lat(r)} | {what} | {fmt_cpu(r)} | {r.get('loadavg', '')} |")
        lines.append("")
        # what the rows' notes say where the number alone misleads: failures, and how consumers shared a queue
        notes = [(k, rows[k]) for k in keys if k in rows and (rows[k].get("error") or k[0] in SPLIT_SCENARIOS)]
        for k, r in notes:
            lines.append(f"- {k[0]} / {k[2]}: {r.get('notes', '')}"
                         + (f" **FAILED: {r['error']}**" if r.get("error") else ""))
        if notes:
            lines.append("")
    anchor_name, anchor = targets[0]
    others = targets[1:]
    head = "| scenario | body | phase | " + anchor_name + " rate/s | "
    head += " | ".join(f"{n} rate/s | **{n} / {anchor_name}** | p50 ratio ({anchor_name} p50 / {n} p50)"
                       for n, _ in others) + " |"
    lines += [f"### Ratios (rate: > 1.0 = faster than {anchor_name}; p50 ratio: > 1.0 = lower latency)", "", head,
              "|---|---|---|---:|" + "---:|---:|---:|" * len(others)]
    for k in keys:
        a = anchor.get(k)
        cells = [k[0], k[1], k[2], fmt_rate(a)]
        for _, rows in others:
            r = rows.get(k)
            ra, ro = rate(a), rate(r)
            cells.append(fmt_rate(r))
            cells.append(f"**{ro / ra:.2f}**" if ra and ro is not None else "-")
            la, lo = (a or {}).get("latency"), (r or {}).get("latency")
            if (a or {}).get("error") or (r or {}).get("error"):
                la = lo = None  # no comparison with a failed row
            cells.append(f"{la['p50_ms'] / lo['p50_ms']:.2f}" if la and lo and lo["p50_ms"] else "-")
        lines.append("| " + " | ".join(cells) + " |")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    if len(sys.argv) < 5:
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
