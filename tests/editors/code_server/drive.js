// Drives a running code-server (real VS Code in the browser) with the errata extension installed,
// through Debian's chromium and playwright-core. Started by tests/editors/test_vscode_code_server.py,
// which prepares the workspace and the user settings and starts/stops code-server.
//
// Checks, as a user would see them:
//   1. sample.py: an error squiggle; the Problems panel entry "must be a set … LXF001"; the hover
//      text ("must be a set", "What it means"); Ctrl+. offers "Convert list to set"; applying it and
//      saving writes `{Block}` to disk; the squiggle goes away.
//   1b. train.ipynb (a notebook: the list in cell 1, the strategy in cell 3): cell 3 gets the error
//      squiggle and its Problems entry, its hover, and Ctrl+. "Convert list to set", which edits cell 1;
//      saved, the notebook on disk holds `{Block}` and the squiggle goes away.
//   2. errata.severity changed in the User settings turns the squiggle into a warning (live);
//      fixall.py: editor.codeActionsOnSave {"source.fixAll.errata": "explicit"} fixes it on save.
//   3. runtime.log: the runtime error line gets a diagnostic and a hover.
//   4. "errata: Explain error message…" from the command palette shows the record card.
//   0. the extension's own bundled server is what runs (nothing on PATH, a Python with nothing installed).
//   5. errata.path set to a missing program: an error notification naming it.
//   6. set to a program that exits before initialize: an error notification naming it.
//
// Env: CS_URL, WS_DIR, SETTINGS_FILE (the remote = Machine settings.json), USER_SETTINGS_FILE, SHOT_DIR, CHROMIUM (/usr/bin/chromium), STEP_TIMEOUT_MS (30000)
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const url = process.env.CS_URL;
const ws = process.env.WS_DIR;
const settingsFile = process.env.SETTINGS_FILE; // remote (Machine) settings: errata.path
const userSettingsFile = process.env.USER_SETTINGS_FILE;
const shotDir = process.env.SHOT_DIR || require("os").tmpdir();
const T = Number(process.env.STEP_TIMEOUT_MS || 30000);
const RUNTIME_ERROR =
  "TypeError: `activation_checkpointing_policy` must be a set, found [<class 'Block'>]. " +
  "You can try defining and passing `auto_wrapper_callable` instead.";
const t0 = Date.now();
const log = (m) => console.error(`[code-server ${String(Date.now() - t0).padStart(6)}ms] ${m}`);
const flat = (s) => s.replace(/\s+/g, " ").trim();

async function waitFor(what, fn, timeout = T) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}${last instanceof Error ? ": " + last.message : ""}`);
}

function readDisk(name) {
  return fs.readFileSync(path.join(ws, name), "utf8");
}

function readSettings() {
  return fs.readFileSync(settingsFile, "utf8");
}

async function openFile(page, name, textOnScreen) {
  // explorer row, double click: no browser-reserved shortcut (Ctrl+P / Ctrl+O) involved
  const row = page.locator(`.explorer-folders-view .monaco-list-row[aria-label^="${name}"]`).first();
  await row.waitFor();
  await row.dblclick();
  await page.locator(".editor-instance .monaco-editor .view-lines", { hasText: textOnScreen }).first().waitFor();
  await page.locator(".tabs-container .tab.active", { hasText: name }).first().waitFor();
}

async function openNotebook(page, name) {
  const row = page.locator(`.explorer-folders-view .monaco-list-row[aria-label^="${name}"]`).first();
  await row.waitFor();
  await row.dblclick();
  await page.locator(".tabs-container .tab.active", { hasText: name }).first().waitFor();
  await page.locator(".cell-editor-container .view-lines", { hasText: "policy = [Block]" }).first().waitFor();
}

const TEXT_EDITOR = ".editor-instance .monaco-editor";
const NOTEBOOK_CELL = ".notebookOverlay .cell-editor-container"; // a notebook's cells are not in .editor-instance

/** Screen point of (0-based) column `col` on the visible line containing `lineText`. */
async function pointAt(page, lineText, col, scope = TEXT_EDITOR) {
  const line = page.locator(`${scope} .view-line`, { hasText: lineText }).first();
  await line.waitFor();
  const { box, chars } = await line.evaluate((el) => {
    const span = el.firstElementChild || el;
    const r = span.getBoundingClientRect();
    return { box: { x: r.x, y: r.y, width: r.width, height: r.height }, chars: span.textContent.length };
  });
  const cw = box.width / chars; // monospace
  return { x: box.x + (col + 0.5) * cw, y: box.y + box.height / 2 };
}

async function hoverAt(page, lineText, col, expect, scope = TEXT_EDITOR) {
  const p = await pointAt(page, lineText, col, scope);
  await page.mouse.move(p.x - 30, p.y);
  await page.mouse.move(p.x, p.y, { steps: 3 });
  const hover = page.locator(".monaco-hover", { hasText: expect[0] }).first();
  try {
    await hover.waitFor();
  } catch (e) {
    await page.screenshot({ path: path.join(shotDir, "hover-fail.png") });
    throw new Error(`no hover at (${Math.round(p.x)}, ${Math.round(p.y)}) on ${JSON.stringify(lineText)}: ${e.message}`);
  }
  // the diagnostic part shows first, the server's hover replaces "Loading..." when it arrives
  const text = await waitFor(`hover with ${JSON.stringify(expect)}`, async () => {
    const t = flat(await hover.innerText());
    return expect.every((e) => t.includes(e)) ? t : undefined;
  });
  await page.mouse.move(5, 5);
  await page.keyboard.press("Escape");
  return text;
}

async function runCommand(page, label) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input").first();
  await input.waitFor();
  await input.fill(">" + label);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: label }).first().waitFor();
  await page.keyboard.press("Enter");
}

/** Open a settings.json through the command palette, replace its text, save, close the editor. */
async function editSettings(page, commandLabel, file, mutate) {
  const settings = JSON.parse(fs.readFileSync(file, "utf8"));
  mutate(settings);
  const want = JSON.stringify(settings);
  await runCommand(page, commandLabel);
  // (1.139 opens it in a modal editor, older ones in a tab)
  const lines = page.locator(".monaco-editor .view-lines", { hasText: Object.keys(settings)[0] }).first();
  await lines.waitFor();
  await lines.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(want); // one line: no auto-indent on Enter
  await page.keyboard.press("Control+Shift+End"); // whatever auto-closing added after it
  await page.keyboard.press("Delete");
  await page.keyboard.press("Control+S");
  await waitFor(`${path.basename(path.dirname(file))}/settings.json saved`, () => {
    try {
      return JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8"))) === want;
    } catch {
      return false;
    }
  });
  await page.keyboard.press("Control+W"); // close it (modal or tab)
  // VS Code may have touched the model after the save (setting migrations): keep what is there
  const dialog = page.locator(".monaco-dialog-box");
  try {
    await dialog.waitFor({ timeout: 1500 });
    await dialog.locator(".monaco-button", { hasText: /^Save$/ }).first().click();
    log(`saved ${path.basename(file)} again on close`);
  } catch {
    // closed cleanly
  }
  await lines.waitFor({ state: "detached" });
}

/** Text of a webview frame (e.g. the markdown preview) containing `needle`. */
async function frameText(page, needle) {
  for (const f of page.frames()) {
    if (f === page.mainFrame()) continue;
    try {
      const t = await f.evaluate(() => (document.body ? document.body.innerText : ""));
      if (t && t.includes(needle)) return t;
    } catch {
      // detached / not ready frames
    }
  }
  return undefined;
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 950 } });
  page.setDefaultTimeout(T);
  let ok = false;
  try {
    await page.goto(`${url}/?folder=${encodeURIComponent(ws)}`);
    await page.waitForSelector(".monaco-workbench", { timeout: 90000 });
    log("workbench loaded");

    // 1. sample.py
    await openFile(page, "sample.py", "activation_checkpointing_policy");
    log("sample.py open");
    await page.locator(".editor-instance .squiggly-error").first().waitFor({ timeout: 60000 });
    log("error squiggle");
    await page.keyboard.press("Control+Shift+M");
    const problem = page.locator(".markers-panel .monaco-list-row", { hasText: "must be a set" }).first();
    await problem.waitFor();
    const problemText = flat(await problem.innerText());
    log("Problems: " + problemText);
    if (!problemText.includes("LXF001")) throw new Error("Problems entry lacks LXF001: " + problemText);
    if (!problemText.includes("found [Block]")) throw new Error("Problems entry lacks 'found [Block]': " + problemText);

    const lineText = "activation_checkpointing_policy=[Block]";
    const srcLine = readDisk("sample.py").split("\n").find((l) => l.includes(lineText));
    const col = srcLine.indexOf("[Block]") + 1; // on "Block" inside [Block]
    const hover = await hoverAt(page, lineText, col, ["must be a set", "What it means"]);
    log("hover: " + hover.slice(0, 140));

    const p = await pointAt(page, lineText, col);
    await page.mouse.click(p.x, p.y);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+.");
    const rows = page.locator(".action-widget .monaco-list-row");
    try {
      await rows.first().waitFor({ timeout: 5000 });
      log("Ctrl+. opened the code action menu");
    } catch {
      await page.screenshot({ path: path.join(shotDir, "ctrl-dot.png") });
      await page.locator(".lightBulbWidget").first().click();
      await rows.first().waitFor();
      log("light bulb opened the code action menu");
    }
    const titles = (await rows.allInnerTexts()).map(flat);
    log("code actions: " + titles.join(" | "));
    if (!titles.some((t) => t.includes("Disable LXF001 for this line"))) throw new Error("no 'Disable LXF001 for this line'");
    await page.locator(".action-widget .monaco-list-row", { hasText: "Convert list to set" }).first().click();
    await page.locator(".view-lines", { hasText: "policy={Block}" }).first().waitFor();
    await page.keyboard.press("Control+S");
    const disk = await waitFor("sample.py saved with {Block}", () => {
      const c = readDisk("sample.py");
      return c.includes("policy={Block}") && !c.includes("[Block]") ? c : undefined;
    });
    log("sample.py on disk: " + flat(disk.split("\n").find((l) => l.includes("{Block}"))));
    await page.locator(".editor-instance .squiggly-error").first().waitFor({ state: "detached" });
    log("squiggle gone");

    // 1b. a notebook: the finding is in cell 3, its fix in cell 1
    await openNotebook(page, "train.ipynb");
    log("train.ipynb open");
    const nbEditor = page.locator(".notebookOverlay").first(); // the notebook editor: its cells are in it
    const cellSquiggle = nbEditor.locator(".squiggly-error").first();
    await cellSquiggle.waitFor({ timeout: 60000 });
    const squiggleCell = await cellSquiggle.evaluate((el) => el.closest(".cell-editor-container")?.innerText ?? "");
    if (!flat(squiggleCell).includes("activation_checkpointing_policy=policy")) {
      throw new Error("the squiggle is not in the strategy's cell: " + flat(squiggleCell));
    }
    log("notebook: error squiggle in cell 3");
    await page.keyboard.press("Control+Shift+M");
    const nbProblem = page.locator(".markers-panel .monaco-list-row", { hasText: "from `policy`, cell 1, line 8" }).first();
    await nbProblem.waitFor();
    const nbProblemText = flat(await nbProblem.innerText());
    log("notebook Problems: " + nbProblemText);
    if (!nbProblemText.includes("must be a set") || !nbProblemText.includes("LXF001")) {
      throw new Error("notebook Problems entry lacks the LXF001 message: " + nbProblemText);
    }
    const cellLine = "activation_checkpointing_policy=policy";
    const cellCol = "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=".length + 2;
    const cellHover = await hoverAt(page, cellLine, cellCol, ["must be a set", "What it means"], NOTEBOOK_CELL);
    log("notebook hover: " + cellHover.slice(0, 140));
    const c3 = await pointAt(page, cellLine, cellCol, NOTEBOOK_CELL);
    await page.mouse.click(c3.x, c3.y);
    await page.keyboard.press("Control+.");
    const nbRows = page.locator(".action-widget .monaco-list-row");
    await nbRows.first().waitFor();
    const nbTitles = (await nbRows.allInnerTexts()).map(flat);
    log("notebook code actions: " + nbTitles.join(" | "));
    await page.locator(".action-widget .monaco-list-row", { hasText: "Convert list to set" }).first().click();
    // the fix edits cell 1, where the list is written
    await nbEditor.locator(".view-lines", { hasText: "policy = {Block}" }).first().waitFor();
    await cellSquiggle.waitFor({ state: "detached" });
    log("notebook: cell 1 now reads policy = {Block}; squiggle gone");
    await page.keyboard.press("Control+S");
    const nbDisk = await waitFor("train.ipynb saved with {Block}", () => {
      const c = readDisk("train.ipynb");
      return c.includes("policy = {Block}") && !c.includes("[Block]") ? c : undefined;
    });
    JSON.parse(nbDisk); // still a notebook
    log("train.ipynb on disk: policy = {Block}");
    await page.keyboard.press("Control+W");
    // the notebook editor may mark itself dirty again after a save (the ipynb serializer's metadata):
    // saved once more, the file must still hold the fix and be a notebook
    const nbDialog = page.locator(".monaco-dialog-box", { hasText: "train.ipynb" });
    try {
      await nbDialog.waitFor({ timeout: 1500 });
      await nbDialog.locator(".monaco-button", { hasText: /^Save$/ }).first().click();
      await nbDialog.waitFor({ state: "detached" });
      const again = JSON.parse(readDisk("train.ipynb"));
      const source = again.cells.map((c) => [].concat(c.source).join("")).join("\n");
      if (!source.includes("policy = {Block}") || source.includes("[Block]")) throw new Error("train.ipynb lost its fix: " + source);
      log("train.ipynb saved again on close, still policy = {Block}");
    } catch (e) {
      if (e.message.includes("lost its fix")) throw e;
      // closed cleanly
    }
    await page.locator(".tabs-container .tab", { hasText: "train.ipynb" }).first().waitFor({ state: "detached" });

    // 2. settings apply live: errata.severity {"LXF001": "warning"} in the User settings
    await editSettings(page, "Preferences: Open User Settings (JSON)", userSettingsFile, (o) => {
      o["errata.severity"] = { LXF001: "warning" };
    });
    log("errata.severity set to warning for LXF001");
    // and fix all on save
    await openFile(page, "fixall.py", "activation_checkpointing_policy");
    await page.locator(".editor-instance .squiggly-warning").first().waitFor({ timeout: 60000 });
    log("fixall.py: LXF001 is now a warning squiggle");
    const q = await pointAt(page, "class Block", 0);
    await page.mouse.click(q.x, q.y);
    await page.keyboard.press("End");
    await page.keyboard.type("  # touched");
    await page.keyboard.press("Control+S");
    const fixed = await waitFor("fixall.py fixed on save", () => {
      const c = readDisk("fixall.py");
      return c.includes("# touched") && c.includes("policy={Block}") && !c.includes("[Block]") ? c : undefined;
    });
    log("codeActionsOnSave source.fixAll.errata: " + flat(fixed.split("\n").find((l) => l.includes("{Block}"))));

    // 3. log file
    await openFile(page, "runtime.log", "must be a set");
    const logProblem = page.locator(".markers-panel .monaco-list-row", { hasText: "runtime.log" }).first();
    await logProblem.waitFor();
    log("Problems has runtime.log");
    const logHover = await hoverAt(page, "TypeError: `activation_checkpointing_policy`", 12, ["must be a set"]);
    log("log hover: " + logHover.slice(0, 100));

    // 4. Explain command
    await runCommand(page, "errata: Explain error message");
    const box = page.locator(".quick-input-widget input").first();
    await page.locator(".quick-input-widget", { hasText: "Explain" }).first().waitFor();
    await box.fill(RUNTIME_ERROR);
    await page.keyboard.press("Enter");
    const card = await waitFor("the explained record card", () => frameText(page, "must be a set"));
    log("explain card: " + flat(card).slice(0, 120));

    // 5. a server command that cannot start: clear error message
    // edited the way a user would: Preferences: Open Remote Settings (JSON), change, save
    await editSettings(page, "Preferences: Open Remote Settings (JSON)", settingsFile, (o) => {
      o["errata.path"] = ["/nonexistent/errata-lsp-missing"];
    });
    log("errata.path set to a missing program");
    const toast = page.locator(".notification-toast", { hasText: "errata-lsp-missing" }).first();
    await toast.waitFor({ timeout: 45000 });
    const toastText = flat(await toast.innerText());
    log("error toast: " + toastText.slice(0, 200));
    if (!toastText.includes("errata.path")) throw new Error("error message does not mention errata.path");

    // 6. a server command that starts but dies before answering initialize: same kind of message
    await toast.locator(".codicon-notifications-clear, .codicon-close").first().click().catch(() => undefined);
    await editSettings(page, "Preferences: Open Remote Settings (JSON)", settingsFile, (o) => {
      o["errata.path"] = [process.env.PYTHON || "python3", "-c", "import sys; sys.exit('errata-crash-test')"];
    });
    const crash = page.locator(".notification-toast", { hasText: "could not start the language server" })
      .filter({ hasText: "errata-crash-test" }).first();
    await crash.waitFor({ timeout: 45000 });
    log("crash toast: " + flat(await crash.innerText()).slice(0, 200));
    const generic = await page.locator(".notification-toast", { hasText: "couldn't create connection" }).count();
    if (generic > 0) throw new Error("vscode-languageclient's generic start-failure toast is shown too");
    ok = true;
  } catch (e) {
    log("FAIL: " + String(e && e.message).split("\n")[0]);
    try {
      const shot = path.join(shotDir, "code-server-fail.png");
      await page.screenshot({ path: shot });
      fs.writeFileSync(path.join(shotDir, "code-server-fail.html"), await page.content());
      log("screenshot " + shot + " (and the page's HTML beside it)");
    } catch {
      // page gone
    }
  } finally {
    await browser.close();
  }
  log(ok ? "PASS" : "FAIL");
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
