"""`check --jobs N`: the files to check spread over worker processes.

Each worker builds its own project model from the same files (the folders given to `check` are
projects there too) and checks a run of neighbouring files at a time, so the modules one package's
files import are read once per worker, not once per file. Results come back in the order the files
were given, so the report is the one `--jobs 1` prints. Workers are started with `spawn` on every
platform (nothing of the parent is inherited but the arguments and the signal mask) and ignore Ctrl-C:
the parent stops them and says so once. They are started with SIGINT held, so that a Ctrl-C in the
first instant cannot reach an interpreter still starting (its own traceback, before any handler).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # loaded only by a check that starts workers (one file for pre-commit loads none)
    from concurrent.futures import ProcessPoolExecutor

    from .analysis.engine import Report
    from .settings import Settings

# A worker costs ~0.5 s of CPU (an interpreter, errata and its rules, the summaries it reads again): what
# checking ~50 files that mention a pack's words costs (bench/check_scale.py). Each worker gets at least
# this many, so that its share is worth more than its start-up; with fewer than two workers' worth, all
# are checked in this process.
PER_WORKER = 64
IN_PROCESS_BELOW = 2 * PER_WORKER
BATCHES_PER_WORKER = 8  # runs of neighbouring files per worker: long enough to share summaries, short
# enough that the workers finish together


@dataclass(frozen=True)
class Task:
    """One file to check: its path and its program (what `check_source` is given)."""

    path: str
    program: str
    settings: Settings


@dataclass
class Checked:
    """A file's report, and the folders listed to resolve the imports of it and of the modules it read
    (None when the project model no longer knows them all)."""

    report: Report
    folders: set[str] | None


class WorkerStopped(Exception):
    """A worker process ended before it sent its results (killed, out of memory, a crash)."""


def check_here(task: Task) -> Checked:
    """One file checked in this process."""
    from .analysis import check_source
    from .analysis.project import WORKSPACE

    report = check_source(task.program, task.path, task.settings)
    project = WORKSPACE.project_for(task.path)
    folders = (project.finder.folders_listed((os.path.abspath(task.path), *report.modules))
               if project is not None else set())
    return Checked(report, folders)


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))  # the cores this process may use (a container's share)
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def check_all(tasks: Sequence[Task], jobs: int, folders: Sequence[str]) -> list[Checked]:
    """Every task's result, in order. The files that mention no pack's words (one scan each) are
    checked in this process; the others too for `jobs` 1 or when they are few, else over `jobs`
    workers while this process does its share. Raises KeyboardInterrupt or WorkerStopped after
    stopping every worker."""
    from .analysis.engine import mentions_rules

    costly = [i for i, task in enumerate(tasks) if mentions_rules(task.program, task.settings)]
    if jobs <= 1 or len(costly) < IN_PROCESS_BELOW:
        return [check_here(task) for task in tasks]
    import multiprocessing
    from concurrent.futures import Future, ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    jobs = min(jobs, len(costly) // PER_WORKER)
    size = max(1, -(-len(costly) // (jobs * BATCHES_PER_WORKER)))
    batches = [costly[i:i + size] for i in range(0, len(costly), size)]
    out: list[Checked | None] = [None] * len(tasks)
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(list(folders),))
    try:
        try:
            with _sigint_held():  # a Ctrl-C meanwhile is pending here, raised when the workers are started
                futures: list[Future[list[Checked]]] = [pool.submit(_check_batch, [tasks[i] for i in b])
                                                        for b in batches]
        except OSError as exc:  # a worker died while the next one was started: the pool closed its pipes
            raise BrokenProcessPool(str(exc)) from None
        sent = set(costly)
        for i, task in enumerate(tasks):  # while the workers start
            if i not in sent:
                out[i] = check_here(task)
        for batch, future in zip(batches, futures):
            for i, checked in zip(batch, future.result()):
                out[i] = checked
    except BrokenProcessPool as exc:
        _stop(pool)
        raise WorkerStopped(str(exc)) from None
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(wait=True)
    done = [checked for checked in out if checked is not None]
    if len(done) != len(tasks):  # a worker answered for fewer files than it was given
        raise WorkerStopped(f"{len(tasks) - len(done)} files came back unchecked")
    return done


def _stop(pool: ProcessPoolExecutor) -> None:
    """No worker left running (a batch in progress is not waited for)."""
    import multiprocessing

    workers = [p for p in multiprocessing.active_children() if p.is_alive()]
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(5)
    # the pool's manager thread, which sees its workers gone, ends and closes its wakeup pipe: joined here,
    # or the interpreter's exit hook may write to that pipe as the thread closes it ("Exception ignored ...
    # Bad file descriptor" after the one `interrupted` line)
    pool.shutdown(wait=True)


@contextmanager
def _sigint_held() -> Iterator[None]:
    """SIGINT blocked in this thread (the one that starts the workers, whose mask they inherit)."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # Windows: no masks, and no process-group Ctrl-C
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _start_worker(folders: list[str]) -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run, once
    if hasattr(signal, "pthread_sigmask"):  # held since the start (a Ctrl-C pending is dropped: ignored)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    from .analysis.project import WORKSPACE

    WORKSPACE.add_checked_folders(folders)


def _check_batch(batch: list[Task]) -> list[Checked]:
    return [check_here(task) for task in batch]
