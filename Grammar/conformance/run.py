#!/usr/bin/env python3
"""Run the units conformance corpus against any implementation.

Usage:
  run.py [--units CMD] [--lint CMD] [--cases DIR] [-v] [CASE...]

CMD templates (split like a shell would, then {file}, {today}, {report}
and {args} substituted; {args} expands to the section's extra words):
  --units  default: "units {report} {args} --file {file} --today {today} --json"
  --lint   default: "units-lint --format json --today {today} {file}"

Each case file (cases/*.case, format in README.md) holds a journal, its
today, and for each report the expected JSON (partial: every key written
must match, in the order written, others are ignored; arrays must match
in length and order;
numbers compare as exact decimals). A `lint` section holds the expected
diagnostics, compared by line, column, rule and severity, in order.

Exit status: 0 when every case agrees, 1 when any differs, 2 on bad usage.
Needs only the Python 3 standard library.
"""
import argparse, decimal, json, os, shlex, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def parse_case(path):
    """Returns (today, journal text, [(header words, expected text)])."""
    today, journal, sections = None, None, []
    current, lines = None, []
    def close():
        nonlocal journal
        if current is None:
            return
        body = "".join(lines)
        if current == ["journal"]:
            journal = body
        else:
            sections.append((current, body))
    with open(path, encoding="utf-8", newline="") as f:
        for line in f:
            if line.startswith("=== "):
                close()
                current, lines = shlex.split(line[4:]), []
            elif current is None:
                if line.startswith("today:"):
                    today = line.split(":", 1)[1].strip()
            else:
                lines.append(line)
    close()
    if today is None or journal is None:
        raise ValueError(f"{path}: needs a 'today:' line and a '=== journal' section")
    return today, journal, sections


def number(text):
    try:
        return decimal.Decimal(text)
    except decimal.InvalidOperation:
        return text


def show(value):
    """JSON text of a parsed value, numbers as written (exact decimals)."""
    if isinstance(value, decimal.Decimal):
        return format(value, "f")
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(json.dumps(k, ensure_ascii=False) + ": " + show(v) for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False)


def match(expected, actual, where, problems):
    """Partial match: expected objects name the keys that must agree."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            problems.append(f"{where}: expected an object, got {show(actual)}")
            return
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{where}.{key}: missing")
            else:
                match(value, actual[key], f"{where}.{key}", problems)
        # The keys written must also come in the report's order (reports.md).
        order = [k for k in actual if k in expected]
        if all(k in actual for k in expected) and order != list(expected):
            problems.append(f"{where}: keys in the order {order}, expected {list(expected)}")
    elif isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            problems.append(f"{where}: expected {len(expected)} elements, got {show(actual)}")
            return
        for k, (e, a) in enumerate(zip(expected, actual)):
            match(e, a, f"{where}[{k}]", problems)
    elif isinstance(expected, decimal.Decimal) or isinstance(actual, decimal.Decimal):
        if not (isinstance(expected, decimal.Decimal) and isinstance(actual, decimal.Decimal) and expected == actual):
            problems.append(f"{where}: expected {expected}, got {show(actual)}")
    elif expected != actual or type(expected) is not type(actual):
        problems.append(f"{where}: expected {show(expected)}, got {show(actual)}")


def load(text):
    return json.loads(text, parse_float=decimal.Decimal, parse_int=decimal.Decimal)


def run(template, **words):
    argv = []
    for word in shlex.split(template):
        if word == "{args}":
            argv.extend(words["args"])
        else:
            argv.append(word.format(**{k: v for k, v in words.items() if k != "args"}))
    return subprocess.run(argv, capture_output=True, text=True, timeout=60)


def check(path, units, lint, verbose):
    today, journal, sections = parse_case(path)
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        file = os.path.join(scratch, "habits.units")
        with open(file, "w", encoding="utf-8", newline="") as f:
            f.write(journal)
        for header, body in sections:
            report, args = header[0], header[1:]
            expected = load(body)
            if report == "lint":
                result = run(lint, file=file, today=today, report=report, args=args)
                try:
                    found = [{"line": d["start"]["line"], "column": d["start"]["column"],
                              "rule": d["rule"], "severity": d["severity"]}
                             for d in load(result.stdout)["diagnostics"]]
                except (ValueError, KeyError, TypeError) as e:
                    problems.append(f"lint: no diagnostics JSON ({e}): {result.stderr.strip()}")
                    continue
                match(expected, found, "lint", problems)
            else:
                result = run(units, file=file, today=today, report=report, args=args)
                try:
                    actual = load(result.stdout)
                except ValueError:
                    problems.append(f"{' '.join(header)}: not JSON (exit {result.returncode}): {result.stderr.strip()}")
                    continue
                match(expected, actual, " ".join(header), problems)
    return problems


def main():
    parser = argparse.ArgumentParser(description="Run the units conformance corpus.")
    parser.add_argument("--units", default="units {report} {args} --file {file} --today {today} --json")
    parser.add_argument("--lint", default="units-lint --format json --today {today} {file}")
    parser.add_argument("--cases", default=os.path.join(HERE, "cases"))
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("names", nargs="*")
    options = parser.parse_args()
    names = options.names or sorted(n[:-5] for n in os.listdir(options.cases) if n.endswith(".case"))
    failed = 0
    for name in names:
        problems = check(os.path.join(options.cases, name + ".case"), options.units, options.lint, options.verbose)
        if problems:
            failed += 1
            print(f"DIFFERS {name}")
            for p in problems:
                print(f"  {p}")
        elif options.verbose:
            print(f"ok      {name}")
    print(f"{len(names) - failed} of {len(names)} cases agree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
