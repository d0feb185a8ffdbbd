"""Memory levels off while typing in a long function (the real server over stdio).

3,000 one-character edits inside one 1,500-line `def train()`, each checked (the client waits for
the diagnostics of every 10th version and the server checks the newest text it has), with the
server's RSS read every 500 edits: every sample stays under twice the first. Before the parse
cache was bounded by bytes, each version's syntax tree stayed cached (5 GiB after 600 edits).

Long run only (HYPOTHESIS_PROFILE=long, `-m slow`); the samples are printed (`-s`) for the record.
"""

from __future__ import annotations

try:
    from reliability.profiles import soak
    from stdio_client import LspClient
except ImportError:
    from tests.reliability.profiles import soak
    from tests.stdio_client import LspClient

URI = "file:///tmp/errata-soak/long_function.py"
LINES = 1500


def long_function() -> list[str]:
    head = ["from lightning.fabric import Fabric", "from lightning.fabric.strategies import XLAFSDPStrategy", "",
            "", "def train(fabric):",
            "    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])"]
    body = [f"    loss_{i} = model(batch_{i % 7}, scale=0.5) * {i}  # step {i}" for i in range(LINES - len(head) - 4)]
    tail = ["", "", "fabric = Fabric(strategy='xla_fsdp')", "fabric.launch(train)"]
    return head + body + tail


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@soak
def test_rss_levels_off_while_typing_in_a_long_function():
    lines = long_function()
    assert len(lines) == LINES and len("\n".join(lines)) > 80_000
    with LspClient() as client:
        client.initialize()
        client.open(URI, "\n".join(lines))
        client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == URI, timeout=120)
        samples = []
        version = 1
        for edit in range(3000):
            line = 6 + (edit * 37) % (LINES - 10)  # inside the function, a different line each time
            column = len(lines[line].split("  #")[0])  # the end of the code, before the comment
            lines[line] = lines[line][:column] + "1" + lines[line][column:]  # `* 12` -> `* 121`: new code
            version += 1
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": URI, "version": version},
                "contentChanges": [{"range": {"start": {"line": line, "character": column},
                                              "end": {"line": line, "character": column}}, "text": "1"}]})
            if version % 10 == 0:
                note = client.wait_notification(
                    "textDocument/publishDiagnostics", lambda p: p["uri"] == URI and p.get("version") == version,  # noqa: B023
                    timeout=120)
                assert [d["code"] for d in note["diagnostics"]] == ["LXF001"]
            if (edit + 1) % 500 == 0:
                samples.append(rss_mib(client.proc.pid))
        print(f"RSS every 500 edits (MiB): {[round(s) for s in samples]}")
        assert all(sample < 2 * samples[0] for sample in samples), samples
        assert client.shutdown_and_exit() == 0
