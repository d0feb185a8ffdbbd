"""A record's `messagePattern`: checked against its bounds, compiled, and run within a time budget
whichever engine runs it.

The `regex` engine stops a search itself (`timeout=`). The standard `re` engine, used when `regex`
is not installed, cannot be stopped from inside the process (its search holds the interpreter
until it ends), so its searches run in a child interpreter that is killed when one overruns: a
pattern that backtracks for ages costs its budget, never the server.
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import IO, Any

MAX_PATTERN_CHARS = 10_000
MAX_PATTERN_DEPTH = 32  # groups inside groups; the shipped records nest 2 deep, a compiler recurses per level

_NOT_IMPORTED: Any = object()
regex: Any = _NOT_IMPORTED  # imported by the first compile: most sessions never match a message


def engine() -> Any:
    """The `regex` module, or None when it is not installed (the patterns then run under `re`)."""
    global regex
    if regex is _NOT_IMPORTED:
        try:
            import regex as module

            regex = module
        except ImportError:  # the VS Code extension may ship pure-Python packages only; `regex` is compiled
            regex = None
    return regex


def problem(pattern: str) -> str | None:
    """Why `pattern` cannot be used (too long, nested too deep, does not compile), else None."""
    return compile_pattern(pattern)[1]


def compile_pattern(pattern: str) -> tuple[Any, str | None]:
    """(the compiled pattern for `search`, None), or (None, why it cannot be used)."""
    if len(pattern) > MAX_PATTERN_CHARS:
        return None, f"`messagePattern` is longer than {MAX_PATTERN_CHARS:,} characters"
    depth = nesting(pattern)
    if depth > MAX_PATTERN_DEPTH:
        return None, f"`messagePattern` nests groups {depth} deep (at most {MAX_PATTERN_DEPTH})"
    module = engine()
    try:
        if module is None:
            return re.compile(pattern), None
        return module.compile(pattern, module.V0), None
    except RecursionError:
        return None, "`messagePattern` is nested too deep to compile"
    except (re.error, ValueError, OverflowError, MemoryError) as exc:  # `a{4294967296}`: OverflowError
        return None, f"`messagePattern` does not compile: {exc}"
    except Exception as exc:  # regex.error, and whatever else an engine raises on a pattern
        return None, f"`messagePattern` does not compile: {exc}"


def nesting(pattern: str) -> int:
    """How deep groups nest in `pattern` (escapes and character classes skipped)."""
    depth = deepest = 0
    i, n = 0, len(pattern)
    in_class = False
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            if ch == "]":
                in_class = False
        elif ch == "[":
            in_class = True
            if pattern.startswith("]", i + 1) or pattern.startswith("^]", i + 1):
                i += 2 if pattern[i + 1] == "]" else 3  # a leading `]` is a member, not the end
                continue
        elif ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth = max(0, depth - 1)
        i += 1
    return deepest


@dataclass(frozen=True)
class Hit:
    """What a search in the child interpreter found (the part of `re.Match` lookups read)."""

    text: str
    found: tuple[str, ...]

    def group(self, index: int = 0) -> str:
        return self.text if index == 0 else self.found[index - 1]

    def groups(self) -> tuple[str, ...]:
        return self.found


def search(pattern: Any, text: str, budget: float, tries: int = 3) -> Any:
    """`pattern.search(text)` that gives up (TimeoutError, `Overrun` when the pattern may not be to
    blame) after `budget` seconds.

    The `regex` engine's timeout is wall-clock time; on a loaded machine it can expire while the
    thread is not even running. Such a timeout is retried; one where the pattern itself burned the
    time is raised. A pattern of `re` runs in the child interpreter (`Jail`), for `budget` seconds
    of wall-clock time at most.
    """
    if isinstance(pattern, re.Pattern):
        return JAIL.search(pattern.pattern, pattern.flags, text, budget)
    for _ in range(tries):
        cpu = time.thread_time()
        try:
            return pattern.search(text, timeout=budget)
        except TimeoutError:
            if time.thread_time() - cpu >= budget / 2:
                raise
    raise TimeoutError(f"{pattern.pattern!r}: no CPU time to run it")


# The child's whole program: it reads (pattern, flags, text) as JSON lines and answers each with the
# match (or null, or the error). It imports nothing but the standard library (`-I -S`: no site, no
# user paths, not the current folder), so nothing in a workspace runs in it.
_CHILD = r"""
import json, re, sys
compiled = {}
out = sys.stdout
out.write("ready\n")
out.flush()
for line in sys.stdin:
    try:
        pattern, flags, text = json.loads(line)
        key = (pattern, flags)
        if key not in compiled:
            if len(compiled) > 1000:
                compiled.clear()
            compiled[key] = re.compile(pattern, flags)
        m = compiled[key].search(text)
        answer = None if m is None else [m.group(0), [g or "" for g in m.groups()]]
    except Exception as exc:
        answer = {"error": f"{type(exc).__name__}: {exc}"}
    out.write(json.dumps(answer) + "\n")
    out.flush()
"""
SPAWN_TIMEOUT_S = 10.0  # starting the child; its searches have their own budget


class Overrun(TimeoutError):
    """A search stopped at its budget; `burned`: the engine spent that time itself (not a machine
    so busy that the search never ran)."""

    def __init__(self, message: str, burned: bool = True) -> None:
        super().__init__(message)
        self.burned = burned


def _cpu_of(pid: int) -> float | None:
    """CPU seconds a running process has spent, where the system tells (Linux's /proc), else None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime, in ticks
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class Jail:
    """One child interpreter running `re` searches, one at a time; killed when a search overruns
    its budget, and started again by the next search."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        self._answers: queue.Queue[str | None] = queue.Queue()
        self.started = 0  # how many children were started (a killed one is replaced)

    def search(self, pattern: str, flags: int, text: str, budget: float) -> Hit | None:
        with self._lock:
            try:
                process = self._running()
            except OSError as exc:  # no interpreter to start (an embedded Python): the pattern is not run
                raise TimeoutError(f"the pattern engine's process cannot start: {exc}") from None
            assert process.stdin is not None
            spent = _cpu_of(process.pid)
            try:
                process.stdin.write(json.dumps([pattern, flags, text]) + "\n")
                process.stdin.flush()
            except OSError:
                self._stop()
                raise TimeoutError("the pattern engine's process ended") from None
            try:
                line = self._answers.get(timeout=max(budget, 0.001))
            except queue.Empty:
                now = _cpu_of(process.pid)
                self._stop()  # the search is still running: only killing the child ends it
                burned = spent is None or now is None or now - spent >= budget / 2
                raise Overrun(f"{pattern[:80]!r} ran longer than {budget:.3f} s", burned) from None
            if line is None:
                self._stop()
                raise TimeoutError("the pattern engine's process ended")
        answer = json.loads(line)
        if answer is None or isinstance(answer, dict):
            return None  # no match, or a pattern `re` cannot run (it compiled here, so rare)
        return Hit(answer[0], tuple(answer[1]))

    def _running(self) -> subprocess.Popen[str]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        self._answers = queue.Queue()
        process = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, encoding="utf-8", bufsize=1,
        )
        self.started += 1
        assert process.stdout is not None
        threading.Thread(target=_forward, args=(process.stdout, self._answers), daemon=True,
                         name="errata-pattern-answers").start()
        self._process = process
        try:
            ready = self._answers.get(timeout=SPAWN_TIMEOUT_S)  # its start does not count against a budget
        except queue.Empty:
            ready = None
        if ready != "ready\n":
            self._stop()
            raise TimeoutError("the pattern engine's process did not start")
        return process

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.wait()
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    try:
                        stream.close()
                    except OSError:
                        pass

    def close(self) -> None:
        with self._lock:
            self._stop()


def _forward(stream: IO[str], answers: queue.Queue[str | None]) -> None:
    """The child's answers, line by line, for `Jail.search` to wait on with a timeout (a pipe
    cannot be waited on with one everywhere: not on Windows)."""
    try:
        for line in stream:
            answers.put(line)
    except (OSError, ValueError):
        pass
    answers.put(None)


JAIL = Jail()
