#!/usr/bin/env python3
"""Checks docs/conformance.md against the sections of docs/neve-language.md.

    check-conformance.py [ROOT] [--spec FILE] [--table FILE]

ROOT is the repository root (default: the parent of this script's folder);
test paths in the table are relative to it. The spec's sections are its
`## N. Title` and `### N.M Title` headings (outside code fences). The table
is the Markdown table of docs/conformance.md whose header starts with
`Section`: one row per section, then the parse, type-check and run columns,
each holding backquoted test paths (separated by `<br>`, commas or spaces)
or a dash (`—` or `-`) for none. The section cell is `N.M Title`, or
`**N. Title**` for a chapter.

It fails (exit status 1), listing the sections or paths concerned, when
  (a) a spec section has no row in the table,
  (b) a section has no test in any column,
  (c) a listed test path does not exist under ROOT,
  (d) a row names no spec section, names it twice, or gives a title that
      differs from the spec's (so that the table follows the spec's edits),
  (e) a cell holds something other than backquoted paths or a dash,
  (f) the table file has no `Host-side sections:` paragraph, or it names
      something that is not a section number of the reference,
  (g) a section named in that paragraph lists no existing end-to-end program
      (a `test/e2e/....nv` path) in the Run column.
The host-side paragraph is a line starting with `Host-side sections:` and
the lines after it up to a blank line: section numbers (`1` for a chapter,
`1.2` for a section) separated by commas or spaces, with an optional final
period. In every case it prints two summary lines on stdout:

    conformance: 58 sections, 58 covered
    conformance: 38 host-side sections, 38 run end to end

("covered": the section has a row with at least one existing test; "run end
to end": the host-side section's Run column has an existing test/e2e/ program).
Only the Python 3 standard library is used.
"""

import argparse
import os
import re
import sys

HEADING = re.compile(r"^(##|###)\s+(\d+(?:\.\d+)?)\.?\s+(.+?)\s*$")
SECTION_CELL = re.compile(r"^(\d+(?:\.\d+)?)\.?\s+(.+?)\s*$")
PATH = re.compile(r"`([^`]+)`")
DASHES = {"", "—", "–", "-"}
HOST_LIST = re.compile(r"^\s*Host-side sections:(.*)$")
SECTION_NUMBER = re.compile(r"\d+(?:\.\d+)?")
E2E_PATH = re.compile(r"^test/e2e/[^/].*\.nv$")


def norm_title(title):
    """Titles are compared without backquotes, case or repeated spaces."""
    return " ".join(title.replace("`", "").split()).casefold()


def label(number, title):
    """`9. Frost …` for a chapter, `9.1 Native layer` for a section."""
    return f"{number}. {title}" if "." not in number else f"{number} {title}"


def spec_sections(path):
    """[(number, title, line)] for the ## and ### headings outside fences."""
    sections = []
    fence = None
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            stripped = line.strip()
            if stripped.startswith("```") or stripped.startswith("~~~"):
                marker = stripped[:3]
                if fence is None:
                    fence = marker
                elif marker == fence:
                    fence = None
                continue
            if fence is not None:
                continue
            m = HEADING.match(line.rstrip("\n"))
            if m:
                level, number, title = m.groups()
                # `## N.` headings have no dot inside the number, `### N.M` have one.
                if (level == "##") == ("." not in number):
                    sections.append((number, title, lineno))
    return sections


def split_row(line):
    """Cells of a Markdown table row; `|` inside backquotes or escaped as `\\|`
    does not split."""
    cells, cur, in_code, i = [], [], False, 0
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body) and body[i + 1] == "|":
            cur.append("|")
            i += 2
            continue
        if c == "`":
            in_code = not in_code
        if c == "|" and not in_code:
            cells.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    cells.append("".join(cur).strip())
    return cells


def table_rows(path, errors, header=None):
    """[(number, title, [cells of the test columns], line)] of the table whose
    header's first cell is `Section`; the header's cells go into `header`."""
    rows = []
    in_table = False
    ncols = 0
    if header is None:
        header = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.lstrip().startswith("|"):
                if in_table:
                    break          # the table ends at its first non-row line
                continue
            cells = split_row(line)
            if not in_table:
                if cells and cells[0].casefold() == "section":
                    in_table = True
                    ncols = len(cells)
                    header[:] = cells
                continue
            if all(re.fullmatch(r":?-{3,}:?", c) for c in cells if c):
                continue           # the |---|---| line
            if len(cells) != ncols:
                errors.append(f"{path}:{lineno}: row has {len(cells)} cells, the header {ncols}")
                continue
            m = SECTION_CELL.match(cells[0].strip("*_ "))   # `**2. Title**` for chapters
            if not m:
                errors.append(f"{path}:{lineno}: first cell '{cells[0]}' does not start with a section number")
                continue
            rows.append((m.group(1), m.group(2), cells[1:], lineno))
    if not in_table:
        errors.append(f"{path}: no table with a 'Section' column")
    return rows


def host_side_list(path, errors):
    """[(number, line)] of the `Host-side sections:` paragraph outside code
    fences, or None when the file has none."""
    found = None
    fence = None
    collecting = False
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            stripped = line.strip()
            if stripped.startswith("```") or stripped.startswith("~~~"):
                fence = stripped[:3] if fence is None else (None if stripped[:3] == fence else fence)
                collecting = False
                continue
            if fence is not None:
                continue
            if collecting:
                if not stripped:
                    collecting = False
                    continue
                text = stripped
            else:
                m = HOST_LIST.match(line)
                if not m:
                    continue
                if found is not None:
                    errors.append(f"{path}:{lineno}: a second 'Host-side sections:' paragraph")
                    continue
                found = []
                collecting = True
                text = m.group(1)
            for token in re.split(r"[,\s]+", text.strip()):
                token = token.rstrip(".")      # the list may end with a period
                if not token:
                    continue
                if SECTION_NUMBER.fullmatch(token):
                    found.append((token, lineno))
                else:
                    errors.append(f"{path}:{lineno}: unexpected text '{token}' in the 'Host-side sections:' list (write section numbers separated by commas)")
    return found


def cell_paths(cell, where, errors):
    """The backquoted paths of a cell; a dash or nothing means none."""
    if cell in DASHES:
        return []
    paths = PATH.findall(cell)
    rest = PATH.sub("", cell)
    rest = re.sub(r"<br\s*/?>|[,;\s]", "", rest)
    if rest and rest not in DASHES:
        errors.append(f"{where}: unexpected text '{rest}' in a test cell (write `path` entries or a dash)")
    return [p.strip() for p in paths]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=os.path.dirname(here),
                    help="repository root (default: the parent of scripts/)")
    ap.add_argument("--spec", help="the reference (default: ROOT/docs/neve-language.md)")
    ap.add_argument("--table", help="the table (default: ROOT/docs/conformance.md)")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    spec = args.spec or os.path.join(root, "docs", "neve-language.md")
    table = args.table or os.path.join(root, "docs", "conformance.md")

    problems = []          # (heading, [lines])
    errors = []
    for f in (spec, table):
        if not os.path.isfile(f):
            print(f"check-conformance: error: {f} does not exist", file=sys.stderr)
            print("conformance: 0 sections, 0 covered")
            return 1

    sections = spec_sections(spec)
    header = []
    rows = table_rows(table, errors, header)
    run_column = next((i - 1 for i, c in enumerate(header) if i > 0 and c.casefold().startswith("run")),
                      len(header) - 2)
    host = host_side_list(table, errors)
    by_number = {}
    stray, dup, retitled = [], [], []
    spec_titles = {n: t for n, t, _ in sections}
    for number, title, cells, lineno in rows:
        if number not in spec_titles:
            stray.append(f"{label(number, title)} (line {lineno})")
            continue
        if number in by_number:
            dup.append(f"{label(number, title)} (line {lineno})")
            continue
        if norm_title(title) != norm_title(spec_titles[number]):
            retitled.append(f"{number}: table says '{title}', the reference '{spec_titles[number]}' (line {lineno})")
        by_number[number] = (cells, lineno)

    missing, uncovered, bad_paths = [], [], []
    covered = 0
    for number, title, _ in sections:
        if number not in by_number:
            missing.append(label(number, title))
            continue
        cells, lineno = by_number[number]
        existing = 0
        for cell in cells:
            for p in cell_paths(cell, f"{table}:{lineno}", errors):
                if os.path.isfile(os.path.join(root, p)):
                    existing += 1
                else:
                    bad_paths.append(f"{p} (section {number}, line {lineno})")
        if existing:
            covered += 1
        else:
            uncovered.append(label(number, title))

    rel_table = os.path.relpath(table, root) if table.startswith(root) else table
    host_missing, host_unknown, host_ok = [], [], 0
    labels = {n: label(n, t) for n, t, _ in sections}
    seen = set()
    for number, lineno in host or []:
        if number in seen:
            continue
        seen.add(number)
        if number not in labels:
            host_unknown.append(f"{number} (line {lineno})")
            continue
        if number not in by_number:
            continue       # already reported as missing from the table
        cells, _ = by_number[number]
        run_cell = cells[run_column] if 0 <= run_column < len(cells) else ""
        e2e = [p for p in PATH.findall(run_cell)
               if E2E_PATH.match(p.strip()) and os.path.isfile(os.path.join(root, p.strip()))]
        if e2e:
            host_ok += 1
        else:
            host_missing.append(labels[number])
    if missing:
        problems.append((f"{len(missing)} section(s) of the reference missing from {rel_table}:", missing))
    if uncovered:
        problems.append((f"{len(uncovered)} section(s) with no existing test in any column:", uncovered))
    if bad_paths:
        problems.append((f"{len(bad_paths)} listed test path(s) that do not exist:", bad_paths))
    if stray:
        problems.append((f"{len(stray)} row(s) naming no section of the reference:", stray))
    if dup:
        problems.append((f"{len(dup)} duplicate row(s):", dup))
    if retitled:
        problems.append((f"{len(retitled)} row(s) whose title differs from the reference:", retitled))
    if host is None:
        problems.append((f"{rel_table} has no 'Host-side sections:' list:",
                         ["write one: the sections whose Run column must list a test/e2e/ program"]))
    if host_unknown:
        problems.append((f"{len(host_unknown)} 'Host-side sections:' entry(ies) naming no section of the reference:", host_unknown))
    if host_missing:
        problems.append((f"{len(host_missing)} host-side section(s) with no end-to-end test (an existing test/e2e/*.nv program in the Run column):", host_missing))
    if errors:
        problems.append((f"{len(errors)} malformed line(s) in {rel_table}:", errors))

    for head, items in problems:
        print(f"check-conformance: error: {head}", file=sys.stderr)
        for item in items:
            print(f"  {item}", file=sys.stderr)
    sys.stderr.flush()
    print(f"conformance: {len(sections)} sections, {covered} covered")
    print(f"conformance: {len(seen)} host-side sections, {host_ok} run end to end")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
