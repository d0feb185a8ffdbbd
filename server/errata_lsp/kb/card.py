"""A record as a card a person reads: markdown for hovers and the terminal.

Cards show errata's corrections (`corrections.py`) in place of what a record gets wrong, and say at
the end, briefly, what the record's own text claimed and where the source shows otherwise; messages
read as a user sees them (`readable.py`); every text is escaped for Markdown (`markdown.py`), so a
`<policy>` placeholder reads as written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import corrections as _corrections
from . import markdown as md
from .readable import readable_message
from .record import Record
from .versions import Site, library_ranges
from .versions import shipped as shipped_versions


def card_markdown(record: Record, heading_level: int = 3,
                  corrections: _corrections.Corrections | None = None, lightning: Any = None,
                  escape: bool = True, environment: Any = None) -> str:
    """`lightning`: the user's Lightning (with `.version`, None when unknown, and `.source`); the card
    then speaks of that release: its wording of the message, its raise line. `escape=False`: the
    texts as written, for a terminal (`errata-lsp explain`), where a backslash would only be noise.
    `environment` (with `.get(library)`): where another library decides the error (torch), the card
    says which one the user has and whether it raises it."""
    say = md.text if escape else _as_written
    table = corrections if corrections is not None else _shipped()
    correction = table.get(record.id) if table else None
    shown = table.apply(record) if table else record
    h = "#" * heading_level
    release = _release_view(record, lightning, say)
    message = release.message if release and release.message else record.error_message
    parts = [f"{h} {say(record.error_class)}: {say(_one_line(readable_message(message)))}"]
    if release is not None:
        parts.append(release.note)
    parts += _library_notes(record, environment)
    if shown.get("documentation"):
        parts.append(f"**What it means.** {say(shown.get('documentation'))}")
    when = " ".join(s for s in (shown.get("triggerScenarios"), shown.get("commonSituations")) if s)
    if when:
        parts.append(f"**When it happens.** {say(when)}")
    solutions = shown.get("solutions", [])
    if solutions:
        parts.append("**Solutions.**\n" + "\n".join(f"{i}. {say(s)}" for i, s in enumerate(solutions, 1)))
    if shown.get("exampleFix"):
        parts.append("**Example fix.**\n" + md.code_block(shown.get("exampleFix"), "python"))
    source = _source_line(shown, release.site if release else None, escape)
    if source:
        parts.append(source)
    if correction is not None and table is not None:
        parts.append(_corrected(correction, table, escape))
    return "\n\n".join(parts)


def summary_line(record: Record, corrections: _corrections.Corrections | None = None) -> str:
    """One line: the error and the first way to avoid it (corrected, when errata corrects the record)."""
    table = corrections if corrections is not None else _shipped()
    shown = table.apply(record) if table else record
    first = (shown.get("solutions") or [""])[0]
    text = f"**{md.text(record.error_class)}**: {md.text(_one_line(readable_message(record.error_message), 110))}"
    return f"{text} — {md.text(first)}" if first else text


def _shipped() -> _corrections.Corrections | None:
    try:
        return _corrections.shipped()
    except _corrections.CorrectionError:
        return None  # `kb validate` reports it; a card without corrections beats no card


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _as_written(text: str) -> str:
    return text


def _link(label: str, url: str, escape: bool) -> str:
    return md.link(label, url) if escape else f"[{label}]({url})"


def _corrected(correction: _corrections.Correction, table: _corrections.Corrections, escape: bool) -> str:
    """The card's last word on a corrected record: what the record's own text claimed, one line
    each, with the source line (linked) or the labelled case that shows otherwise."""
    say = md.text if escape else _as_written
    lines = [f"**Corrected.** Checked against {say(table.version)}, the record is wrong in "
             f"{_count(len(correction.claims), 'place')}; this card shows the corrected text. The record says:"]
    for claim in correction.claims:
        lines.append(f"- {say(claim.says)} ({_evidence(claim, table, escape)})")
    return "\n".join(lines)


def _evidence(claim: _corrections.Claim, table: _corrections.Corrections, escape: bool) -> str:
    """The first source line that shows the claim wrong, as a link where it can be; else its first labelled case."""
    for source in claim.source:
        url = table.source_link(source)
        if url is not None:
            return "not so: " + _link(source.rsplit("/", 1)[-1], url, escape)
    if claim.source:
        return f"not so: `{claim.source[0]}`"
    return f"not so: labelled case `{claim.cases[0]}`"


def _source_line(record: Record, site: Site | None, escape: bool) -> str:
    if site is not None:
        return f"Raised at {_link(f'{site.file_path}:{site.line}', site.url, escape)} (lightning {site.release})"
    where = record.get("filePath")
    if not where:
        return ""
    if record.get("lineNumber"):
        where = f"{where}:{record.get('lineNumber')}"
    link = record.link
    return f"Raised at {_link(where, link, escape)}" if link else f"Raised at `{where}`"


@dataclass(frozen=True)
class _ReleaseView:
    note: str  # "**Your environment.** lightning 2.4.0 (from .venv) ..."
    message: str  # the release's wording when it differs from the record's, else ""
    site: Site | None  # where the release raises it


def _release_view(record: Record, lightning: Any, say: Callable[[str], str]) -> _ReleaseView | None:
    """What the user's release says of the record: whether it raises it, its wording, its line."""
    if lightning is None:
        return None
    versions = shipped_versions()
    placed = versions.place(lightning.version) if versions is not None else None
    note = f"**Your environment.** lightning {say(lightning.version or 'unknown')} ({say(lightning.source)})"
    if versions is None or placed is None:
        return _ReleaseView(note + ".", "", None)
    if lightning.version is None:  # the record's own link stays: it is at a release like the newest
        return _ReleaseView(f"{note}; the newest release errata covers, {placed.release}, is assumed.", "", None)
    if placed.outside:
        note += f": outside what errata covers ({say(placed.outside)}); shown as in {placed.release}"
    if not versions.covers(record.id):
        return _ReleaseView(note + ".", "", None)
    site = versions.site(record.id, placed.release)
    if site is None:
        raised_in = versions.records[record.id].get("range", "")
        return _ReleaseView(f"{note}. **lightning {placed.release} does not raise this error** "
                            f"(it is raised by lightning{raised_in}).", "", None)
    newest = versions.site(record.id, versions.newest) if versions.newest else None
    if newest is not None and site.condition != newest.condition:
        note += (f". lightning {placed.release} raises it when `{site.condition or 'always'}` "
                 f"(lightning {versions.newest}: when `{newest.condition or 'always'}`)")
    message = ""
    if versions.message_differs(record.id, placed.release):
        message = site.message
        note += f". lightning {placed.release} words the message as in the title; the newest covered " \
                f"release says: {say(_one_line(readable_message(record.error_message), 200).rstrip('.'))}"
    return _ReleaseView(note + ".", message, site)


def _library_notes(record: Record, environment: Any) -> list[str]:
    """One line for each library other than Lightning whose release decides the error (kb/versions/)."""
    notes = []
    for found in library_ranges(record.id):
        lib = environment.get(found.library) if environment is not None else None
        needs = f"**Needs {found.library}{found.range}.** {found.why[:1].upper()}{found.why[1:]}."
        if lib is None or not lib.version:
            where = f" ({lib.source})" if lib is not None else ""
            notes.append(f"{needs} Your {found.library}: unknown{where}; a release that raises it is assumed.")
        elif found.holds(lib.version):
            notes.append(f"{needs} Your {found.library}: {lib.version} ({lib.source}), which raises it.")
        else:
            notes.append(f"{needs} Your {found.library}: {lib.version} ({lib.source}): "
                         f"**{found.library} {lib.version} does not raise this error.**")
    return notes


def _one_line(text: str, limit: int = 240) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
