// errata for VS Code: starts the errata-lsp language server for Python files (and for log /
// plain-text files, where it recognises runtime error messages) and adds a few commands.
import { ChildProcess, spawn } from "child_process";
import * as vscode from "vscode";
import {
  CloseAction,
  DidChangeConfigurationNotification,
  DocumentSelector,
  ErrorHandler,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
} from "vscode-languageclient/node";
import {
  ImportStrategy,
  ServerCommand,
  ServerNotFoundError,
  commandExists,
  expandVariables,
  formatCommand,
  onPythonEnvironmentChanged,
  resolveServerCommand,
  selectedPythonInterpreter,
} from "./serverCommand";

const CLIENT_ID = "errata"; // also makes vscode-languageclient honour `errata.trace.server`
const EXPLAIN_COMMAND = "errata.explain"; // server-side workspace/executeCommand
const EXPLAIN_SCHEME = "errata-explain";

let output: vscode.LogOutputChannel;
let client: LanguageClient | undefined;
let current: ServerCommand | undefined;
let pending: Promise<LanguageClient | undefined> | undefined;
let extensionPath = "";

/** Settings whose change needs a new server process. */
const RESTART_SETTINGS = ["errata.path", "errata.server.command", "errata.interpreter", "errata.importStrategy", "errata.run"];
const NOTIFY_LEVELS = ["off", "onError", "onWarning", "always"];

/** Whether a notification of this level is shown (errata.showNotifications); the output gets it anyway. */
function notifies(level: "onError" | "onWarning" | "always"): boolean {
  const chosen = vscode.workspace.getConfiguration("errata").get<string>("showNotifications") ?? "onError";
  return NOTIFY_LEVELS.indexOf(chosen) >= NOTIFY_LEVELS.indexOf(level) && chosen !== "off";
}

function configuredPath(cfg: vscode.WorkspaceConfiguration): unknown {
  const p = cfg.get<unknown>("path");
  return Array.isArray(p) && p.length > 0 ? p : cfg.get("server.command"); // server.command: the old name
}

/** The generic "couldn't create connection to server" toast is replaced by our own message, which
 * names the command that was tried and how to change it. */
class ErrataLanguageClient extends LanguageClient {
  error(message: string, data?: unknown, showNotification: boolean | "force" = true): void {
    if (message.includes("couldn't create connection to server")) showNotification = false;
    super.error(message, data, showNotification);
  }
}

/** Python files and notebook cells, and logs / plain text (tracebacks pasted or saved from a run).
 * Only real files, untitled buffers and cells: output channels are `log`/`plaintext` documents too
 * and must not be sent. Cells are synchronised as notebooks (the server's notebookDocumentSync);
 * the selector is what makes the client pull their diagnostics and ask for their hovers and fixes. */
const DOCUMENT_SELECTOR: DocumentSelector = [
  { scheme: "file", language: "python" },
  { scheme: "untitled", language: "python" },
  { scheme: "vscode-notebook-cell", language: "python" },
  { scheme: "file", language: "log" },
  { scheme: "untitled", language: "log" },
  { scheme: "file", language: "plaintext" },
  { scheme: "untitled", language: "plaintext" },
];

function workspaceFolderPath(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

/** The `errata` settings in the shape the server takes as initializationOptions and in
 * workspace/didChangeConfiguration (`{"errata": …}`). */
export function serverSettings(): Record<string, unknown> {
  const cfg = vscode.workspace.getConfiguration("errata");
  const folder = workspaceFolderPath();
  const list = (key: string) => (cfg.get<string[]>(key) ?? []).filter((s) => typeof s === "string" && s.trim() !== "");
  const settings: Record<string, unknown> = {
    ignore: list("ignore"),
    kb: { paths: list("kb.paths").map((p) => expandVariables(p, folder)) },
    severity: { ...(cfg.get<Record<string, string>>("severity") ?? {}) },
    diagnosticMode: cfg.get<string>("diagnosticMode") ?? "openFilesOnly",
  };
  const select = list("select");
  if (select.length > 0) settings.select = select; // absent = every rule
  // the interpreter the user's code runs with: the server reads its site-packages for the versions
  // of lightning, torch and torch_xla (it never runs it)
  if (userInterpreter) settings.python = { interpreter: userInterpreter };
  return settings;
}

/** The interpreter selected in the Python extension, for the versions the server assumes. */
let userInterpreter: string | undefined;

async function refreshUserInterpreter(): Promise<boolean> {
  const before = userInterpreter;
  userInterpreter = await selectedPythonInterpreter(vscode.window.activeTextEditor?.document.uri);
  return userInterpreter !== before;
}

/** Error handler: a server that dies before answering initialize is not restarted (start() reports
 * it with the command that was tried); after that, vscode-languageclient's default policy applies. */
function errorHandlerFor(getClient: () => LanguageClient, started: () => boolean): ErrorHandler {
  let fallback: ErrorHandler | undefined;
  const base = () => (fallback ??= getClient().createDefaultErrorHandler(4));
  return {
    error: (err, message, count) => base().error(err, message, count),
    closed: () => (started() ? base().closed() : { action: CloseAction.DoNotRestart, handled: true }),
  };
}

async function showStartError(detail: string, cmd?: ServerCommand): Promise<void> {
  const tried = cmd ? ` with \`${formatCommand(cmd)}\` (from ${cmd.origin})` : "";
  output.appendLine(`[errata] could not start the language server${tried}: ${detail}`);
  if (!notifies("onError")) return;
  const choice = await vscode.window.showErrorMessage(
    `errata: could not start the language server${tried}: ${detail}. ` +
      "Select a Python 3.10+ interpreter (or set \"errata.interpreter\"), " +
      'or set "errata.path" to the command that starts the server, e.g. ["/path/to/venv/bin/errata-lsp"].',
    "Open Settings",
    "Show Output",
  );
  if (choice === "Open Settings") {
    await vscode.commands.executeCommand("workbench.action.openSettings", "errata.");
  } else if (choice === "Show Output") {
    output.show(true);
  }
}

async function startClient(): Promise<LanguageClient | undefined> {
  const cfg = vscode.workspace.getConfiguration("errata");
  if (!cfg.get<boolean>("enable", true)) {
    output.appendLine("[errata] errata.enable is off: the server is not started");
    return undefined;
  }
  await refreshUserInterpreter();
  let cmd: ServerCommand;
  try {
    cmd = await resolveServerCommand(
      {
        path: configuredPath(cfg),
        interpreter: cfg.get("interpreter"),
        importStrategy: cfg.get<ImportStrategy>("importStrategy") ?? "useBundled",
      },
      workspaceFolderPath(),
      extensionPath,
      vscode.window.activeTextEditor?.document.uri,
    );
  } catch (e) {
    const tried = e instanceof ServerNotFoundError && e.tried.length ? ` (looked for ${e.tried.join("; ")})` : "";
    void showStartError(`${(e as Error).message}${tried}`);
    return undefined;
  }
  current = cmd;
  if (!commandExists(cmd.command)) {
    void showStartError(`\`${cmd.command}\` was not found or is not executable`, cmd);
    return undefined;
  }
  const strategy = cmd.env?.ERRATA_IMPORT_STRATEGY;
  output.appendLine(`[errata] starting ${formatCommand(cmd)} (from ${cmd.origin}${strategy ? `, import strategy ${strategy}` : ""})`);

  // spawned here rather than by vscode-languageclient, to know why it died when it dies early
  const early = { stderr: "", exit: undefined as string | undefined };
  const serverOptions: ServerOptions = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const proc = spawn(cmd.command, cmd.args, { cwd: workspaceFolderPath(), env: { ...process.env, ...cmd.env }, stdio: "pipe" });
      proc.stderr?.on("data", (d: Buffer) => {
        early.stderr = (early.stderr + d.toString("utf8")).slice(-4000);
      });
      proc.on("exit", (code, signal) => {
        early.exit = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      });
      proc.once("error", reject); // e.g. ENOENT, EACCES
      proc.once("spawn", () => resolve(proc));
    });
  let initialized = false;
  // eslint-disable-next-line prefer-const
  let c: LanguageClient;
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    outputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    initializationOptions: serverSettings,
    // the files the versions of the user's libraries are read from: a change makes the server read them again
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher("**/{pyproject.toml,uv.lock,poetry.lock,pdm.lock,requirements*.txt}"),
        vscode.workspace.createFileSystemWatcher("**/{.venv,venv}/lib/*/site-packages/*.dist-info/METADATA"),
      ],
    },
    initializationFailedHandler: () => false,
    // errata.run: check as you type, or only when a file is opened and saved
    diagnosticPullOptions: {
      onChange: cfg.get<string>("run") !== "onSave",
      onSave: cfg.get<string>("run") === "onSave",
    },
    middleware: {
      workspace: {
        // the server pulls section "errata": answer with the cleaned settings (no editor-only keys, no
        // empty `select`, which would select no rule at all; paths expanded), as initializationOptions
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          return result.map((value, i) => (params.items[i]?.section === "errata" ? serverSettings() : value));
        },
      },
    },
    errorHandler: errorHandlerFor(() => c, () => initialized),
  };
  c = new ErrataLanguageClient(CLIENT_ID, "errata", serverOptions, clientOptions);
  let failure: string | undefined;
  try {
    await c.start();
  } catch (e) {
    failure = e instanceof Error ? e.message : String(e);
  }
  if (failure === undefined && !c.isRunning()) failure = "it stopped during initialize";
  if (failure !== undefined) {
    // give a process that is exiting a moment to say why
    for (let i = 0; i < 20 && early.exit === undefined; i++) await new Promise((r) => setTimeout(r, 50));
    const lastLines = early.stderr.trim().split(/\r?\n/).slice(-3).join(" | ");
    const why = early.exit ? `the server ${early.exit}${lastLines ? `: ${lastLines}` : ""}` : failure;
    try {
      await c.dispose(2000);
    } catch {
      // already dead
    }
    void showStartError(why, cmd);
    return undefined;
  }
  initialized = true;
  client = c;
  return c;
}

/** The running client, starting it first if needed (one start at a time). */
async function ensureClient(): Promise<LanguageClient | undefined> {
  if (client?.isRunning()) return client;
  if (!pending) {
    pending = (async () => {
      if (client) await stopClient(); // gave up after crashes: start afresh
      return startClient();
    })().finally(() => {
      pending = undefined;
    });
  }
  return pending;
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (!c) return;
  try {
    await c.stop(3000);
  } catch {
    // a server that already exited cannot be stopped twice
  }
  try {
    await c.dispose(1000);
  } catch {
    // ditto
  }
}

async function restartServer(): Promise<void> {
  if (pending) await pending;
  await stopClient();
  const c = await ensureClient();
  if (c) output.appendLine("[errata] server restarted");
}

function onConfigurationChanged(e: vscode.ConfigurationChangeEvent): void {
  if (!e.affectsConfiguration("errata")) return;
  if (e.affectsConfiguration("errata.enable")) {
    const on = vscode.workspace.getConfiguration("errata").get<boolean>("enable", true);
    output.appendLine(`[errata] errata.enable is ${on ? "on: starting" : "off: stopping"} the server`);
    void (on ? ensureClient() : stopClient());
    return;
  }
  const changed = RESTART_SETTINGS.find((key) => e.affectsConfiguration(key));
  if (changed) {
    output.appendLine(`[errata] ${changed} changed: restarting`);
    if (notifies("always")) void vscode.window.showInformationMessage(`errata: ${changed} changed, the server restarts.`);
    void restartServer();
    return;
  }
  if (e.affectsConfiguration("errata.select") || e.affectsConfiguration("errata.ignore") ||
      e.affectsConfiguration("errata.kb") || e.affectsConfiguration("errata.severity") ||
      e.affectsConfiguration("errata.diagnosticMode")) {
    if (client?.isRunning()) {
      void client.sendNotification(DidChangeConfigurationNotification.type, { settings: { errata: serverSettings() } });
    }
  }
}

/** Read-only markdown documents (`errata-explain:/…md`) holding explained record cards. */
class ExplainDocuments implements vscode.TextDocumentContentProvider {
  private readonly docs = new Map<string, string>();
  private counter = 0;

  add(markdown: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: EXPLAIN_SCHEME, path: `/errata-explain-${++this.counter}.md` });
    this.docs.set(uri.toString(), markdown);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.docs.get(uri.toString()) ?? "";
  }
}

async function explainMessage(explainDocs: ExplainDocuments, arg?: unknown): Promise<void> {
  let text = typeof arg === "string" ? arg : undefined;
  const editor = vscode.window.activeTextEditor;
  if (!text && editor && !editor.selection.isEmpty) text = editor.document.getText(editor.selection);
  if (!text) {
    text = await vscode.window.showInputBox({
      title: "errata: Explain error message",
      prompt: "Paste an error message (or a traceback line) to look up in the errata knowledge base",
      placeHolder: "TypeError: `activation_checkpointing_policy` must be a set, found [...]",
      ignoreFocusOut: true,
    });
  }
  if (!text || text.trim() === "") return;
  const c = await ensureClient();
  if (!c) return;
  let result: unknown;
  try {
    result = await c.sendRequest(ExecuteCommandRequest.type, { command: EXPLAIN_COMMAND, arguments: [text] });
  } catch (e) {
    void vscode.window.showErrorMessage(`errata: explaining failed: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  const markdown =
    typeof result === "string" ? result : result && typeof (result as { value?: unknown }).value === "string" ? (result as { value: string }).value : undefined;
  if (!markdown) {
    void vscode.window.showInformationMessage("errata: no known error matches this message.");
    return;
  }
  const uri = explainDocs.add(markdown);
  try {
    await vscode.commands.executeCommand("markdown.showPreviewToSide", uri);
  } catch {
    // no markdown extension: show the source instead
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  }
}

/** Every safe errata fix in the active Python file (the `source.fixAll.errata` code action). */
async function fixAll(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== "python") return;
  if (!(await ensureClient())) return;
  await vscode.commands.executeCommand("editor.action.sourceAction", { kind: "source.fixAll.errata", apply: "first" });
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionPath = context.extensionPath;
  output = vscode.window.createOutputChannel("errata", { log: true });
  const explainDocs = new ExplainDocuments();
  context.subscriptions.push(
    output,
    vscode.workspace.registerTextDocumentContentProvider(EXPLAIN_SCHEME, explainDocs),
    vscode.commands.registerCommand("errata.explainMessage", (arg?: unknown) => explainMessage(explainDocs, arg)),
    vscode.commands.registerCommand("errata.restartServer", restartServer),
    vscode.commands.registerCommand("errata.fixAll", fixAll),
    vscode.commands.registerCommand("errata.showOutput", () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration(onConfigurationChanged),
    onPythonEnvironmentChanged(() => {
      void refreshUserInterpreter().then((changed) => {
        if (changed && client?.isRunning()) {
          void client.sendNotification(DidChangeConfigurationNotification.type, { settings: { errata: serverSettings() } });
        }
      });
      if (current && current.origin === "selected Python environment") {
        output.appendLine("[errata] selected Python environment changed: restarting");
        if (notifies("always")) void vscode.window.showInformationMessage("errata: the Python environment changed, the server restarts.");
        void restartServer();
      }
    }),
    { dispose: () => void stopClient() },
  );
  await ensureClient();
}

export function deactivate(): Thenable<void> | undefined {
  return stopClient();
}
