"""A literal prefilter for the phrase detectors' regexes.

Python's `re` tries a pattern that starts with `\\b` at every position of the text: with no
first character to look for, it cannot skip ahead. A phrase pattern almost always needs
some words ("ignore" or "disregard", then "instructions" or "rules"), and most prompts hold
none of them. So each pattern is parsed once, at import, into what every match must contain:
a tree of literal strings under "all of" and "any of" (`Need`). One Aho-Corasick pass over
the case-folded text finds which of all the patterns' literals it holds; a pattern whose
need that set does not meet cannot match, and its scan is skipped. Most patterns are not
even looked at: each is indexed under the literals of one clause its need implies (one of
them must be present, `Need.clause`), and only those indexed under a literal the text
holds have their need checked, once per text for all detectors (`_holding`).

The prefilter must never skip a text the pattern would match: the detectors are a security
control. Two things make that so.

- The literals are read off the parsed pattern, only through constructs whose meaning is
  plain (literal characters, small classes of literal characters, groups, alternations,
  repeats of at least one); anything else needs nothing and ends a literal run, which can
  only make the need weaker.
- Folding (`fold`) maps every character `re`'s IGNORECASE treats as equal to a literal
  character onto the same character: `re` compares the simple lower case of a character
  and, for a few letters (i and dotless i U+0131, s and long s U+017F, Greek and Cyrillic
  variants), a table of extra equivalents (`re._casefix`). The tests check this
  against `re` itself for every code point and every literal character the detectors use.
"""

from __future__ import annotations

import functools
import importlib
import math
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import ahocorasick

# `re`'s own parser and case tables (private, untyped): the prefilter must read patterns
# and fold case exactly as `re` does.
_parser: Any = importlib.import_module("re._parser")
_constants: Any = importlib.import_module("re._constants")
_casefix: Any = importlib.import_module("re._casefix")

_MIN_USEFUL = 2
# A class of at most this many characters is spelt out, up to this many spellings.
_MAX_CLASS = 4
_MAX_RUNS = 16


def _fold_tables() -> tuple[dict[int, str], dict[int, str]]:
    # Before `str.lower()`: the one character whose full lower case is not its simple one
    # (U+0130 lowers to "i" plus a combining dot; `re` compares the simple "i").
    before = {0x130: "i"}
    # After: each of `re`'s extra equivalence classes onto its smallest member.
    parent: dict[int, int] = {}

    def find(point: int) -> int:
        while parent.get(point, point) != point:
            point = parent[point]
        return point

    for point, others in _casefix._EXTRA_CASES.items():
        for other in others:
            first, second = find(point), find(other)
            if first != second:
                parent[max(first, second)] = min(first, second)
    after = {point: chr(find(point)) for point in _casefix._EXTRA_CASES if find(point) != point}
    return before, after


_BEFORE, _AFTER = _fold_tables()


@functools.lru_cache(maxsize=8)
def fold(text: str) -> str:
    """`text` with every character that `re.IGNORECASE` equates mapped to one form; cached,
    since every detector folds the same text."""
    if text.isascii():
        return text.lower()
    return text.translate(_BEFORE).lower().translate(_AFTER)


@dataclass(frozen=True, slots=True)
class Need:
    """What every match of a pattern contains: all (or any) of some folded literals and of
    some smaller needs."""

    kind: str  # "all" or "any"
    literals: frozenset[str]
    parts: tuple[Need, ...] = ()

    def holds(self, present: frozenset[str]) -> bool:
        """Whether a text holding just the literals `present` could hold a match."""
        # Loops, not all()/any() over generators: this runs for every candidate pattern.
        if self.kind == "all":
            if not self.literals <= present:
                return False
            for part in self.parts:  # noqa: SIM110 - see above
                if not part.holds(present):
                    return False
            return True
        if not self.literals.isdisjoint(present):
            return True
        for part in self.parts:  # noqa: SIM110 - see above
            if part.holds(present):
                return True
        return False

    def all_literals(self) -> frozenset[str]:
        """Every literal in the need."""
        return self.literals.union(*(part.all_literals() for part in self.parts))

    def clause(self) -> frozenset[str]:
        """Literals of which a text meeting the need holds at least one: under "all", the
        rarest-looking of its literals and parts' clauses (longer literals are rarer); under
        "any", all of its literals and its parts' clauses."""
        if self.kind == "all":
            options = [frozenset({literal}) for literal in self.literals]
            options += [part.clause() for part in self.parts]
            return min(options, key=_commonness) if options else frozenset()
        return self.literals.union(*(part.clause() for part in self.parts))


def _commonness(literals: frozenset[str]) -> tuple[float, tuple[str, ...]]:
    # A guess at how often a text holds one of `literals`: each literal about half as
    # likely as one a character shorter. Ties broken by the literals, so the choice
    # does not depend on set order.
    return math.fsum(0.5 ** len(literal) for literal in literals), tuple(sorted(literals))


def _is_literal(need: Need) -> bool:
    return need.kind == "all" and len(need.literals) == 1 and not need.parts


def _literal(run: list[str]) -> Need | None:
    # A literal shorter than _MIN_USEFUL occurs in almost every text: not worth a scan.
    if not run or min(map(len, run)) < _MIN_USEFUL:
        return None
    return _any_of([Need("all", frozenset({fold(text)})) for text in run])


def _all_of(parts: list[Need | None]) -> Need | None:
    literals: set[str] = set()
    rest: list[Need] = []
    for part in parts:
        if part is None:
            continue
        if part.kind == "all":
            literals |= part.literals
            rest.extend(part.parts)
        else:
            rest.append(part)
    if not rest and not literals:
        return None
    if len(rest) == 1 and not literals:
        return rest[0]
    return Need("all", frozenset(literals), tuple(dict.fromkeys(rest)))


def _any_of(parts: list[Need | None]) -> Need | None:
    literals: set[str] = set()
    rest: list[Need] = []
    for part in parts:
        if part is None:  # a branch that needs nothing: the whole needs nothing
            return None
        if _is_literal(part):
            literals |= part.literals
        elif part.kind == "any":
            literals |= part.literals
            rest.extend(part.parts)
        else:
            rest.append(part)
    if len(rest) == 1 and not literals:
        return rest[0]
    if len(literals) == 1 and not rest:
        return Need("all", frozenset(literals))
    return Need("any", frozenset(literals), tuple(dict.fromkeys(rest)))


def _class_members(av: Any) -> list[str] | None:
    # A class of a few plain characters ("[eé]"); ranges, categories and negation are not.
    if len(av) > _MAX_CLASS or any(op is not _constants.LITERAL for op, _ in av):
        return None
    return [chr(code) for _, code in av]


def _sequence(items: Any) -> Need | None:
    parts: list[Need | None] = []
    # The strings the characters matched so far may be: more than one after a class.
    run: list[str] = [""]
    for op, av in items:
        if op is _constants.LITERAL:
            run = [text + chr(av) for text in run]
            continue
        if op is _constants.AT:  # zero-width: the characters either side are adjacent
            continue
        if op is _constants.IN:
            members = _class_members(av)
            if members is not None and len(run) * len(members) <= _MAX_RUNS:
                run = [text + member for text in run for member in members]
                continue
        parts.append(_literal(run))
        run = [""]
        parts.append(_item(op, av))
    parts.append(_literal(run))
    return _all_of(parts)


def _item(op: Any, av: Any) -> Need | None:
    if op is _constants.SUBPATTERN:
        return _sequence(av[-1])
    if op is _constants.ATOMIC_GROUP:
        return _sequence(av)
    if op is _constants.BRANCH:  # one of the branches matched, so its need holds
        return _any_of([_sequence(branch) for branch in av[1]])
    if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
        low, _high, inner = av
        return _sequence(inner) if low >= 1 else None
    return None  # classes, any-char, lookarounds, backreferences: nothing certain


def required_literals(pattern: re.Pattern[str]) -> Need | None:
    """What every match of `pattern` contains; None when nothing is known."""
    return _sequence(_parser.parse(pattern.pattern, pattern.flags))


@dataclass(frozen=True, slots=True, eq=False)  # hashed by identity, as a cache key
class _Index:
    """Every literal any guarded pattern needs, in one Aho-Corasick automaton, and for each
    literal the patterns whose clause (`Need.clause`) holds it."""

    automaton: Any
    by_literal: dict[str, tuple[int, ...]]
    needs: tuple[Need, ...]


class _Literals:
    """The guarded patterns' needs, indexed: one pass over a text finds which literals it
    holds, and only the patterns one of those literals may concern are looked at."""

    def __init__(self) -> None:
        self._needs: list[Need] = []
        self._index: _Index | None = None
        self._lock = threading.Lock()

    def add(self, need: Need) -> int:
        """Register a pattern's need; its number in `holding`'s answers."""
        with self._lock:
            self._needs.append(need)
            self._index = None
            return len(self._needs) - 1

    def _built(self) -> _Index:
        index = self._index
        if index is not None:
            return index
        with self._lock:
            if self._index is None:
                automaton = ahocorasick.Automaton()
                by_literal: dict[str, list[int]] = {}
                for number, need in enumerate(self._needs):
                    for word in need.all_literals():
                        automaton.add_word(word, word)
                    # An empty clause (a need no literal can meet) is filed under "", which
                    # every text is said to hold, so that it is still checked.
                    for word in need.clause() or {""}:
                        by_literal.setdefault(word, []).append(number)
                automaton.make_automaton()
                self._index = _Index(
                    automaton,
                    {word: tuple(numbers) for word, numbers in by_literal.items()},
                    tuple(self._needs),
                )
            return self._index

    def present(self, text: str) -> frozenset[str]:
        """The registered literals that occur in `text`, folded."""
        return _present(text, self._built())

    def holding(self, text: str) -> frozenset[int]:
        """The numbers of the patterns whose needs `text` meets."""
        return _holding(text, self._built())


_LITERALS = _Literals()
_GUARDED: list[GuardedPattern] = []


def guarded_patterns() -> list[GuardedPattern]:
    """Every guarded pattern compiled so far (the detectors' are compiled at import)."""
    return list(_GUARDED)


@functools.lru_cache(maxsize=8)
def _present(text: str, index: _Index) -> frozenset[str]:
    # Cached per text, since every detector asks about the same one; keyed by the index
    # too (by identity, and the cache keeps it alive), because a pattern compiled later adds
    # literals and rebuilds it.
    automaton = index.automaton
    if not len(automaton):
        return frozenset()
    return frozenset(word for _end, word in automaton.iter(fold(text)))


@functools.lru_cache(maxsize=8)
def _holding(text: str, index: _Index) -> frozenset[int]:
    # Once per text for all patterns: most hold no literal of their clause, and are never
    # looked at; the rest have their whole need checked.
    present = _present(text, index)
    candidates = {number for word in present for number in index.by_literal.get(word, ())}
    candidates.update(index.by_literal.get("", ()))
    needs = index.needs
    return frozenset(number for number in candidates if needs[number].holds(present))


class GuardedPattern:
    """A compiled pattern that is not run on texts lacking what its matches need."""

    __slots__ = ("need", "number", "regex")

    def __init__(self, regex: re.Pattern[str]) -> None:
        self.regex = regex
        self.need = required_literals(regex)
        self.number = -1 if self.need is None else _LITERALS.add(self.need)
        _GUARDED.append(self)

    def may_match(self, text: str) -> bool:
        """False only when no match is possible (a necessary condition, not a search)."""
        return self.need is None or self.number in _LITERALS.holding(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """`re.Pattern.finditer`, skipped when it cannot match."""
        return self.regex.finditer(text) if self.may_match(text) else iter(())

    def search(self, text: str) -> re.Match[str] | None:
        """`re.Pattern.search`, skipped when it cannot match."""
        return self.regex.search(text) if self.may_match(text) else None


def guarded(pattern: str, flags: int = 0) -> GuardedPattern:
    """Compile `pattern` with its literal prefilter."""
    return GuardedPattern(re.compile(pattern, flags))
