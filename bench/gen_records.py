#!/usr/bin/env python3
"""Deterministic generator of synthetic error records in the dataset's schema v2, as JSON Lines.

    python bench/gen_records.py --count 100000 [--seed 0] -o bench/out/kb/records.jsonl
    python bench/gen_records.py --pathological -o bench/out/kb/pathological.jsonl

Every line is the dataset's own wrapper, ``{"record": {...}, "datasetVersion": "..."}``, with the
fields of the seed records (id, repo, errorMessage, messagePattern, errorClass, filePath,
lineNumber, sourceCode, githubUrl, documentation, triggerScenarios, commonSituations, solutions,
exampleFix, handlingStrategy, validationCode, typeGuard, preventionTips, tags, analyzedSha,
schemaVersion, ...). Records come from a few thousand fake repositories; each message is a
realistic template ("Expected {n} dimensions for `attn_mask` but got {m} for tensor {name}")
whose ``messagePattern`` is the escaped literal text with a lazy ``(.+?)`` group per
placeholder, as in the real dataset.

The module also renders messages that a record must match (``render``), messages that no
record matches (``nonmatching_messages``), tracebacks around rendered messages
(``traceback_for``) and records built for catastrophic backtracking (``pathological_records``).
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Iterator

DATASET_VERSION = "2026-08-28T16:17:29.566Z"
GEN_VERSION = 4  # bump when the output changes (run.py caches generated files by this)

WORDS = (
    "batch size policy device mesh shard module optim grad scale token vocab cache layer head rank "
    "world seed dtype precision checkpoint bucket stream queue worker loader sampler buffer kernel "
    "graph node edge plugin hook callback logger metric epoch step window stride padding channel "
    "feature embedding attention mask index offset chunk block tile port host region schema table "
    "column row field query session client handler request response header payload secret key "
    "config profile env path file archive format codec frame sample rate clip image pixel label "
    "score weight bias param tensor array matrix vector shape axis dim group pool lock timer "
    "budget quota limit retry backoff route scope tenant user role token_type spec plan stage"
).split()
# Words never used in a record: messages built from them match nothing.
HELD_OUT = (
    "zephyr quokka marmot tundra lichen basalt fjord nebula quasar walrus gecko heron ibis kelp "
    "lemur mango nutmeg okapi plover quince raven sorrel tapir umber vole wren yak zinnia"
).split()
CLASSES = [
    "ValueError", "TypeError", "RuntimeError", "KeyError", "AttributeError", "NotImplementedError",
    "AssertionError", "IndexError", "FileNotFoundError", "PermissionError", "TimeoutError",
    "MisconfigurationException", "ConfigError", "ValidationError", "ShapeError",
]
ORGS = (
    "acme-ml openfold deepcraft tensorworks pixelforge torchlab quantum-nlp graphmind "
    "orbit-ai cloudnine fastvision neuralbits datasmith hyperscale modelzoo sparkline"
).split()

# <A>, <B>: identifiers fixed per record (literal text of the pattern)
# {x}:      placeholders filled at run time (a lazy group in the pattern)
TEMPLATES = [
    "Expected {n} dimensions for `<A>` but got {m} for tensor {name}",
    "`<A>` must be a set, found {policy}. You can try defining and passing `<B>` instead.",
    "You cannot set both `<A>` and `<B>`. Choose one",
    "Blocking <A> is only possible if the module passed to `{self.__class__.__name__}.<B>` is wrapped in `{wrapper}`. "
    "Got: {module.__class__.__name__}.",
    "Invalid value for `<A>`: {value!r}. Expected one of {choices}.",
    "<A> received an unexpected keyword argument '{key}' (did you mean `<B>`?)",
    "Shape mismatch in <A>: {left} vs {right} along axis {axis}",
    "The `<A>` argument must be positive, got {value}",
    "Could not find <A> '{name}' in {path}",
    "`<A>.<B>` is not supported with {strategy}; use `{alternative}` instead",
    "<A> has {n} entries but <B> has {m}",
    "Cannot call `<A>()` before `<B>()` has been called on {obj}",
    "{cls} object has no attribute '<A>'. Did you forget to call `<B>`?",
    "<A> timed out after {seconds} seconds while waiting for <B>",
    "Unsupported dtype {dtype} for <A>; supported: {supported}",
    "Rank {rank} reported <A>={value} but rank 0 reported {expected}",
    "The <A> '{name}' is already registered in <B>",
    "Failed to load <A> from {path}: {reason}",
    "`<A>` expects a callable, got {type_name}",
    "Precision '{precision}' is not supported by <A>. Supported values: {values}",
    "<A> must be divisible by <B> (got {a} and {b})",
    "Missing required key '<A>' in {section} of the <B> config",
    "Detected <A> on {device} but <B> is on {other_device}",
    "Gradient <A> is not supported when `<B>` is {flag}",
    "Out of <A> budget: requested {requested} but only {available} left in <B>",
    "<A> cannot be pickled: {obj} is a lambda or a local function (<B>)",
    "Checkpoint <A> has keys {missing} missing from <B>",
    "Expected `<A>` to be a `{expected}` instance, got `{actual}`",
    "`<A>` ({value}) must be smaller than `<B>` ({limit})",
    "The <A> at index {i} of <B> is empty",
    "Cannot infer <A> from an iterable dataset; pass `<B>` explicitly",
    "<A>: invalid <B> format {fmt!r} (expected {pattern})",
    "Connection to <A> at {host}:{port} refused after {attempts} attempts",
    "<A> is deprecated and will be removed in {version}; use <B>",
    "Only one of `<A>` or `<B>` may be set, found both: {first}, {second}",
    "Tensor '{name}' has <A> {got}, expected <B> {want}",
    "No <A> registered for key {key!r}; available <B>: {keys}",
    "<A> returned {value} which is not a valid <B>",
    "{count} <A> were skipped because <B> is disabled",
    "Unable to broadcast <A> of shape {a} to <B> of shape {b}",
]
# Messages many repositories share verbatim (forks, vendored code): a few percent of records.
SHARED = [
    "CUDA out of memory. Tried to allocate {size} (GPU {gpu}; {total} total capacity)",
    "Expected all tensors to be on the same device, but found at least two devices, {a} and {b}!",
    "element {i} of tensors does not require grad and does not have a grad_fn",
    "Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed)",
    "mat1 and mat2 shapes cannot be multiplied ({a}x{b} and {c}x{d})",
]
GENERIC_NONMATCH = [
    "list index out of range",
    "'NoneType' object has no attribute 'shape'",
    "division by zero",
    "name 'undefined_thing' is not defined",
    "unsupported operand type(s) for +: 'int' and 'str'",
    "maximum recursion depth exceeded while calling a Python object",
    "[Errno 2] No such file or directory: '/data/missing.bin'",
    "invalid literal for int() with base 10: 'abc'",
    "too many values to unpack (expected 2)",
    "module 'numpy' has no attribute 'float'",
]
STRATEGIES = ["type-guard", "validate-input", "configuration", "retry", "upgrade", "refactor"]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


_META = re.compile(r"([.^$*+?{}\[\]\\|()])")


def regex_escape(text: str) -> str:
    """Escape only the regex metacharacters (the dataset keeps spaces and backticks as they are)."""
    return _META.sub(r"\\\1", text)


def pattern_from_template(message: str) -> str:
    """Literal text escaped, each {placeholder} a lazy group: how the dataset writes patterns."""
    return "(.+?)".join(regex_escape(p) for p in PLACEHOLDER.split(message))


def _ident(rng: random.Random, words=WORDS, k: tuple[int, int] = (2, 3)) -> str:
    return "_".join(rng.choice(words) for _ in range(rng.randint(*k)))


def _camel(rng: random.Random, words=WORDS) -> str:
    return "".join(w.title().replace("_", "") for w in (rng.choice(words) for _ in range(rng.randint(1, 2))))


def _fill_value(name: str, rng: random.Random, words=WORDS) -> str:
    """A plausible runtime value for a placeholder, by its name."""
    n = name.strip("{}").split("!")[0]
    if any(s in n for s in ("n", "m", "count", "rank", "axis", "i", "port", "attempts", "seconds",
                            "size", "a", "b", "c", "d", "gpu", "total", "requested", "available",
                            "limit", "got", "want")) and len(n) <= 10 and "name" not in n:
        return str(rng.choice([0, 1, 2, 3, 4, 8, 16, 128, 512, 4096, 65536]))
    if "path" in n:
        return f"/home/user/{_ident(rng, words, (1, 2))}/{_ident(rng, words, (1, 1))}.ckpt"
    if "__name__" in n or "cls" in n or "type" in n or "expected" in n or "actual" in n:
        return _camel(rng, words)
    if "!r" in name:
        return repr(_ident(rng, words, (1, 2)))
    if "choices" in n or "supported" in n or "values" in n or "keys" in n or "missing" in n:
        return "{" + ", ".join(repr(_ident(rng, words, (1, 1))) for _ in range(3)) + "}"
    if "policy" in n:
        return "[" + _camel(rng, words) + "]"
    return _ident(rng, words, (1, 2))


def render(message: str, rng: random.Random, words=WORDS) -> str:
    """Fill each {placeholder} of a message template."""
    return PLACEHOLDER.sub(lambda m: _fill_value(m.group(0), rng, words), message)


def _source_code(rng: random.Random, func: str, cls: str, message: str, n_lines: int) -> str:
    fmsg = message.replace('"', "'")
    body = [f"def {func}(self, {', '.join(_ident(rng, WORDS, (1, 1)) for _ in range(rng.randint(1, 3)))}):",
            f'    """{func.replace("_", " ").capitalize()}."""']
    filler = [
        ["    if not {v}:", "        return {v}"], ["    {v} = self._{w}.get({v!r})"],
        ["    # {w}: keep the order stable"], ["    for {v} in self.{w}:", "        {w}.append({v})"],
        ["    {v} = dict(self._{w})"], ["    log.debug(\"{w} %s\", {v})"], ["    self._{w} = {v}"],
        ["    assert {v} is not None"], ["    {v} = {w}({v}, strict=True)"],
    ]
    while len(body) < n_lines - 4:
        v, w = _ident(rng, WORDS, (1, 1)), _ident(rng, WORDS, (1, 2))
        body += [line.format(v=v, w=w) for line in rng.choice(filler)]
    body += [f"    if {_ident(rng, WORDS, (1, 2))} is None:", f"        raise {cls}(", f'            f"{fmsg}"', "        )"]
    return "\n".join(body) + "\n"


class RecordGen:
    def __init__(self, seed: int = 0, n_repos: int = 3000):
        self.rng = random.Random(seed)
        r = self.rng
        self.repos = []
        for _ in range(n_repos):
            org = r.choice(ORGS) if r.random() < 0.5 else _ident(r, WORDS, (1, 2)).replace("_", "-")
            pkg = _ident(r, WORDS, (1, 2))
            self.repos.append((f"{org}/{pkg.replace('_', '-')}", pkg))

    def record(self, i: int) -> dict:
        r = self.rng
        repo, pkg = r.choice(self.repos)
        if r.random() < 0.005:
            message = r.choice(SHARED)
        else:
            a, b = _ident(r), _ident(r)
            message = r.choice(TEMPLATES).replace("<A>", a).replace("<B>", b)
        cls = r.choice(CLASSES)
        sha = f"{r.getrandbits(160):040x}"
        module = _ident(r, WORDS, (1, 2))
        path = f"src/{pkg}/{module}.py"
        n_src = r.randint(12, 25)
        start = r.randint(20, 2000)
        func = _ident(r)
        first_literal = max(PLACEHOLDER.split(message), key=len).strip()
        topic = _ident(r, WORDS, (1, 1))
        rid = f"{r.getrandbits(64):016x}"
        return {
            "id": rid,
            "repo": repo,
            "slug": re.sub(r"[^a-z0-9]+", "-", first_literal.lower())[:48].strip("-") + "-" + rid[:6],
            "errorCode": None,
            "errorMessage": message,
            "messagePattern": pattern_from_template(message),
            "errorType": "exception",
            "errorClass": cls,
            "httpStatus": None,
            "severity": "error",
            "filePath": path,
            "lineNumber": start + n_src - 3,
            "sourceCode": _source_code(r, func, cls, message, n_src),
            "sourceCodeStart": start,
            "sourceCodeEnd": start + n_src,
            "githubUrl": f"https://github.com/{repo}/blob/{sha}/{path}#L{start}-L{start + n_src}",
            "documentation": (
                f"{func}() in {pkg}.{module} raises {cls} when its {topic} input is not what it expects. "
                f"The check runs when the {_ident(r, WORDS, (1, 1))} is first used, not when it is built, "
                "so the error appears late, often on a remote worker."),
            "triggerScenarios": f"Calling {pkg}.{func}(...) with a {topic} of the wrong type or shape; "
                                f"passing a {_ident(r, WORDS, (1, 2))} that was never initialised.",
            "commonSituations": f"Porting code from an older {pkg} release; copying a {topic} config "
                                "between projects; running on a different device count.",
            "solutions": [f"Pass a valid {topic} to {func}()", f"Check the {_ident(r)} before the call",
                          f"Upgrade {pkg} to a version that validates {topic} early"][: r.randint(1, 3)],
            "exampleFix": f"# before\n{func}({topic}=[x])\n\n# after\n{func}({topic}={{x}})",
            "handlingStrategy": r.choice(STRATEGIES),
            "validationCode": f"assert isinstance({topic}, (set, frozenset)), '{topic} must be a set'",
            "typeGuard": f"def is_valid_{topic}(obj) -> bool:\n    return isinstance(obj, set)",
            "tryCatchPattern": None,
            "preventionTips": [f"Validate {topic} where it is built", f"Prefer {_ident(r)} over {_ident(r)}"],
            "tags": sorted({topic, pkg.split("_")[0], cls.lower(), r.choice(WORDS)}),
            "backgroundTag": "invalid-argument",
            "analyzedSha": sha,
            "analyzedAt": "2026-08-28T11:52:41.083Z",
            "schemaVersion": 2,
        }

    def records(self, n: int) -> Iterator[dict]:
        for i in range(n):
            yield self.record(i)


def nonmatching_messages(n: int, seed: int = 1) -> list[str]:
    """Messages in the same style that no generated record matches (held-out identifiers)."""
    r = random.Random(seed)
    out = []
    for i in range(n):
        if i % 5 == 0:
            out.append(r.choice(GENERIC_NONMATCH))
            continue
        t = r.choice(TEMPLATES)
        t = t.replace("<A>", _ident(r, HELD_OUT)).replace("<B>", _ident(r, HELD_OUT))
        out.append(render(t, r, HELD_OUT))
    return out


def traceback_for(message: str, cls: str, pkg: str, rng: random.Random) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "/home/user/project/train.py", line 88, in <module>\n'
        "    main()\n"
        '  File "/home/user/project/train.py", line 61, in main\n'
        "    trainer.fit(model)\n"
        f'  File "/opt/venv/lib/python3.11/site-packages/{pkg}/core.py", line {rng.randint(10, 900)}, in fit\n'
        "    self._run(model)\n"
        f"{pkg}.errors.{cls}: {message}\n"
    )


# Patterns built for catastrophic backtracking, and queries that trigger it in Python's `re`.
PATHOLOGICAL = [
    ("(a+)+$", "a" * 30 + "b"),
    ("(x+x+)+y", "x" * 30),
    (r"^(\w+\s?)*$", "an example of a long sentence that ends badly!"),
    ("(a|aa)+$", "a" * 40 + "b"),
]


def pathological_records() -> list[dict]:
    out = []
    for k, (pattern, _) in enumerate(PATHOLOGICAL):
        out.append({
            "id": f"pathological{k:04d}",
            "repo": "bench/pathological",
            # no literal text: an index keyed on the message's words cannot rule the record out,
            # so a lookup has to run the pattern itself
            "errorMessage": "{details}",
            "messagePattern": pattern,
            "errorClass": "ValueError",
            "filePath": "src/bad/regex.py",
            "lineNumber": 1,
            "documentation": "A record whose messagePattern backtracks catastrophically.",
            "schemaVersion": 2,
        })
    return out


def write_jsonl(records, out) -> int:
    n = 0
    for rec in records:
        out.write(json.dumps({"record": rec, "datasetVersion": DATASET_VERSION}, ensure_ascii=False))
        out.write("\n")
        n += 1
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="synthetic schema-v2 error records as JSON Lines")
    ap.add_argument("--count", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pathological", action="store_true", help="write only the backtracking records")
    ap.add_argument("-o", "--output", help="file to write (default: stdout)")
    a = ap.parse_args(argv)
    recs = pathological_records() if a.pathological else RecordGen(a.seed).records(a.count)
    if a.output:
        with open(a.output, "w", encoding="utf-8", newline="\n") as f:
            n = write_jsonl(recs, f)
    else:
        n = write_jsonl(recs, sys.stdout)
    print(f"wrote {n} records", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
