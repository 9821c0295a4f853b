#!/usr/bin/env python3
"""Checks a TextMate grammar (editors/vscode/syntaxes/neve.tmLanguage.json).

    check_grammar.py GRAMMAR [TESTFILE...]
    check_grammar.py GRAMMAR --dump FILE    (prints the tokens of FILE)

1. Structure: every rule is a `match`, `begin`/`end`, `include` or
   `patterns` rule with known keys; every `#include` names a repository key;
   every regex compiles under Python's `re` (the grammar keeps to syntax that
   Oniguruma and `re` read alike, so `(?P<...>)` is refused too); capture
   numbers exist in their regex.
2. Scopes: each TESTFILE is a syntax test in the vscode-tmgrammar-test format.
   Its first line is `# SYNTAX TEST "source.neve" "description"`; a line that
   starts with `#` is not source: `#   ^^^ a.b c.d - e.f` asserts that the
   columns of the carets in the source line above carry the scopes a.b and
   c.d, in that order, and not e.f; `# <--- a.b` asserts the first 3 columns
   (`<~~--` skips two columns first). Other `#` lines are ignored.

The tokenizer is a small version of vscode-textmate's: lines are tokenized
one at a time with "\\n" appended; at each position the rule whose regex
matches leftmost wins, ties going to the `end` of the innermost open
`begin`/`end` rule and then to the first rule in the list.
Exit status 0 when everything holds, 1 otherwise (messages on stdout).
"""

import json
import re
import sys

RULE_KEYS = {"name", "contentName", "match", "begin", "end", "captures",
             "beginCaptures", "endCaptures", "patterns", "include", "comment"}


class GrammarError(Exception):
    pass


# ---------------------------------------------------------------- structure

def validate(grammar):
    """Returns the problems with the grammar's structure and its regex count."""
    problems = []
    count = [0]
    repo = grammar.get("repository", {})
    for key in ("scopeName", "patterns"):
        if key not in grammar:
            problems.append(f"grammar has no '{key}'")

    def regex(where, source):
        count[0] += 1
        if "(?P" in source:
            problems.append(f"{where}: '(?P' is Python-only syntax: {source}")
        try:
            return re.compile(source)
        except re.error as e:
            problems.append(f"{where}: regex does not compile ({e}): {source}")
            return None

    def captures(where, caps, rx):
        for num, cap in caps.items():
            if not num.isdigit() or (rx and int(num) > rx.groups):
                problems.append(f"{where}: no group {num} in the regex")
            if set(cap) - {"name"}:
                problems.append(f"{where}: capture {num} may only have a 'name'")

    def walk(rule, where):
        if not isinstance(rule, dict):
            problems.append(f"{where}: a rule must be an object")
            return
        unknown = set(rule) - RULE_KEYS
        if unknown:
            problems.append(f"{where}: unsupported keys {sorted(unknown)}")
        if "include" in rule:
            inc = rule["include"]
            if inc.startswith("#"):
                if inc[1:] not in repo:
                    problems.append(f"{where}: include '{inc}' names no repository key")
            elif inc not in ("$self", "$base", grammar.get("scopeName")):
                problems.append(f"{where}: include '{inc}' names another grammar")
        if "match" in rule:
            rx = regex(where + ".match", rule["match"])
            captures(where + ".captures", rule.get("captures", {}), rx)
        if ("begin" in rule) != ("end" in rule):
            problems.append(f"{where}: 'begin' and 'end' go together")
        if "begin" in rule:
            rx = regex(where + ".begin", rule["begin"])
            captures(where + ".beginCaptures", rule.get("beginCaptures", {}), rx)
            captures(where + ".captures", rule.get("captures", {}), rx)
            if "end" in rule:
                if re.search(r"\\[1-9]", rule["end"]):
                    problems.append(f"{where}.end: back-references are not supported here")
                rx = regex(where + ".end", rule["end"])
                captures(where + ".endCaptures", rule.get("endCaptures", {}), rx)
        if not ({"include", "match", "begin", "patterns"} & set(rule)):
            problems.append(f"{where}: rule has no match, begin, include or patterns")
        for i, sub in enumerate(rule.get("patterns", [])):
            walk(sub, f"{where}.patterns[{i}]")

    for i, rule in enumerate(grammar.get("patterns", [])):
        walk(rule, f"patterns[{i}]")
    for key, rule in repo.items():
        walk(rule, f"repository.{key}")
    return problems, count[0]


# ---------------------------------------------------------------- tokenizer

class Tokenizer:
    def __init__(self, grammar):
        self.grammar = grammar
        self.repo = grammar.get("repository", {})
        self.cache = {}

    def rx(self, source):
        if source not in self.cache:
            self.cache[source] = re.compile(source)
        return self.cache[source]

    def expand(self, patterns, seen=()):
        """The match and begin rules of a pattern list, includes resolved."""
        out = []
        for rule in patterns:
            if "include" in rule:
                inc = rule["include"]
                target = self.repo[inc[1:]] if inc.startswith("#") else \
                    {"patterns": self.grammar["patterns"]}
                rule = target
            if "match" in rule or "begin" in rule:
                out.append(rule)
            elif id(rule) not in seen:
                out += self.expand(rule.get("patterns", []), seen + (id(rule),))
        return out

    @staticmethod
    def paint(scopes, m, base, name, caps):
        """Scopes of the matched text: base + name + covering captures."""
        for col in range(m.start(), m.end()):
            s = base + ([name] if name else [])
            for num in sorted(caps, key=int):
                g = int(num)
                if m.start(g) != -1 and m.start(g) <= col < m.end(g) and "name" in caps[num]:
                    s = s + [caps[num]["name"]]
            scopes[col] = s

    def tokenize(self, lines):
        """Yields, for each line, the list of scopes of each column."""
        # A frame: (rule, scopes of begin/end text, scopes of the content).
        stack = [(self.grammar, [self.grammar["scopeName"]], [self.grammar["scopeName"]])]
        for text in lines:
            line = text + "\n"
            scopes = [None] * len(line)
            pos = 0
            while pos < len(line):
                rule, outer, inner = stack[-1]
                candidates = []
                if "end" in rule and len(stack) > 1:
                    candidates.append(("end", rule, rule["end"]))
                for r in self.expand(rule.get("patterns", [])):
                    candidates.append(("match" if "match" in r else "begin", r,
                                       r.get("match", r.get("begin"))))
                best = None
                for kind, r, source in candidates:
                    m = self.rx(source).search(line, pos)
                    if m and (best is None or m.start() < best[2].start()):
                        best = (kind, r, m)
                if best is None:
                    break
                kind, r, m = best
                for col in range(pos, m.start()):
                    scopes[col] = inner
                if kind == "end":
                    self.paint(scopes, m, outer, None, rule.get("endCaptures", rule.get("captures", {})))
                    stack.pop()
                elif kind == "match":
                    if m.end() == m.start():
                        raise GrammarError(f"rule {r['match']!r} matched empty text in {text!r}")
                    self.paint(scopes, m, inner, r.get("name"), r.get("captures", {}))
                else:
                    name = r.get("name")
                    self.paint(scopes, m, inner, name, r.get("beginCaptures", r.get("captures", {})))
                    rule_scopes = inner + ([name] if name else [])
                    content = rule_scopes + ([r["contentName"]] if "contentName" in r else [])
                    if m.end() == m.start():
                        closes = self.rx(r["end"]).match(line, m.end())
                        if closes and closes.end() == m.end():
                            raise GrammarError(f"rule {r['begin']!r} opens and closes on empty text in {text!r}")
                    stack.append((r, rule_scopes, content))
                pos = max(pos, m.end())
            for col in range(len(line)):
                if scopes[col] is None:
                    scopes[col] = stack[-1][2]
            yield scopes[:len(text)]
        # Rules left open at the end of the file are not an error (as in vscode).


# ---------------------------------------------------------------- test files

HEADER = re.compile(r'^(\S+)\s+SYNTAX\s+TEST\s+"([^"]+)"(?:\s+"([^"]+)")?\s*$')
UP = re.compile(r"^\s*((?:\^+\s*)+)((?:\s*\w[-\w.]*)*)(?:\s*-)?((?:\s*\w[-\w.]*)*)\s*$")
LEFT = re.compile(r"^(\s*)<(~*)(-+)((?:\s*\w[-\w.]*)*)(?:\s*-)?((?:\s*\w[-\w.]*)*)\s*$")


def parse_test(path, text):
    """Returns (scope, source lines, assertions); an assertion is
    (file line of the source, source index, first col, end col, required, prohibited)."""
    lines = text.split("\n")
    m = HEADER.match(lines[0]) if lines else None
    if not m:
        raise GrammarError(f'{path}:1: first line must be: # SYNTAX TEST "source.neve" "description"')
    token, scope = m.group(1), m.group(2)
    source, where, asserts = [], [], []
    for num, line in enumerate(lines[1:], start=2):
        if not line.startswith(token):
            source.append(line)
            where.append(num)
            continue
        rest = line[len(token):]
        if not source:
            continue
        up = UP.match(rest) if rest.strip().startswith("^") else None
        left = LEFT.match(rest)
        if rest.strip().startswith("^") and not up:
            raise GrammarError(f"{path}:{num}: malformed assertion: {line}")
        if up:
            req, bad = up.group(2).split(), up.group(3).split()
            for caret in re.finditer(r"\^+", rest):
                asserts.append((where[-1], len(source) - 1, len(token) + caret.start(),
                                len(token) + caret.end(), req, bad, num))
        elif left:
            req, bad = left.group(4).split(), left.group(5).split()
            start = len(left.group(2))
            asserts.append((where[-1], len(source) - 1, start, start + len(left.group(3)),
                            req, bad, num))
        else:
            continue
        if not req and not bad:
            raise GrammarError(f"{path}:{num}: assertion names no scope: {line}")
    return scope, source, asserts


def missing_scopes(required, actual):
    """Required scopes not found in `actual` in order (vscode-tmgrammar-test's rule)."""
    i = 0
    for s in actual:
        if i < len(required) and s == required[i]:
            i += 1
    return required[i:]


def check_file(tok, grammar, path):
    with open(path, encoding="utf-8") as f:
        scope, source, asserts = parse_test(path, f.read())
    if scope != grammar["scopeName"]:
        raise GrammarError(f"{path}:1: tests scope '{scope}', the grammar is '{grammar['scopeName']}'")
    columns = list(tok.tokenize(source))
    failures = []
    for file_line, index, start, end, req, bad, anum in asserts:
        text, cols = source[index], columns[index]
        if end > len(text):
            failures.append(f"{path}:{file_line}:{start + 1}: assertion on line {anum} "
                            f"reaches past the end of the line ({len(text)} columns)")
            continue
        col = start
        while col < end:  # group columns with the same scopes
            last = col
            while last + 1 < end and cols[last + 1] == cols[col]:
                last += 1
            missing = missing_scopes(req, cols[col])
            present = [s for s in bad if s in cols[col]]
            if missing or present:
                what = []
                if missing:
                    what.append("expected " + " ".join(req))
                if present:
                    what.append("prohibited " + " ".join(present))
                failures.append(
                    f"{path}:{file_line}:{col + 1}: columns {col + 1}-{last + 1} "
                    f"'{text[col:last + 1]}' (assertion on line {anum}): {'; '.join(what)}; "
                    f"actual: {' '.join(cols[col])}")
            col = last + 1
    return len(asserts), failures


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().split("\n\n")[1])
        return 2
    with open(argv[1], encoding="utf-8") as f:
        grammar = json.load(f)
    problems, regexes = validate(grammar)
    for p in problems:
        print(f"{argv[1]}: error: {p}")
    if problems:
        return 1
    tok = Tokenizer(grammar)
    if len(argv) == 4 and argv[2] == "--dump":
        with open(argv[3], encoding="utf-8") as f:
            lines = f.read().split("\n")
        for num, (text, cols) in enumerate(zip(lines, tok.tokenize(lines)), start=1):
            print(f"{num}: {text}")
            col = 0
            while col < len(text):
                end = col
                while end < len(text) and cols[end] == cols[col]:
                    end += 1
                if text[col:end].strip():
                    print(f"    {text[col:end]!r}: {' '.join(cols[col][1:])}")
                col = end
        return 0
    total, failed = 0, 0
    for path in argv[2:]:
        try:
            n, failures = check_file(tok, grammar, path)
        except GrammarError as e:
            print(f"error: {e}")
            return 1
        total += n
        for msg in failures:
            print(f"{msg}")
        failed += len(failures)
    if failed:
        print(f"FAIL: {failed} scope mismatches")
        return 1
    print(f"grammar OK: {regexes} regexes, {total} assertions in {len(argv) - 2} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
