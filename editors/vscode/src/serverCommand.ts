// Working out which command starts the errata language server (see resolveServerCommand).
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";


export interface ServerCommand {
  command: string;
  args: string[];
  /** Where the command came from, for messages: "setting errata.path", "selected Python environment", ... */
  origin: string;
  /** Added to the server's environment. */
  env?: Record<string, string>;
}

/** No usable command was found; `tried` lists what was looked at, for the error message. */
export class ServerNotFoundError extends Error {
  constructor(message: string, readonly tried: string[]) {
    super(message);
  }
}

export function formatCommand(cmd: { command: string; args: string[] }): string {
  return [cmd.command, ...cmd.args].map((a) => (/[\s"'$`\\]/.test(a) || a === "" ? JSON.stringify(a) : a)).join(" ");
}

/** Split a command line the way a POSIX shell would for plain words, '…', "…" and backslash escapes. */
export function splitCommandLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) {
        quote = undefined;
      } else if (ch === "\\" && quote === '"' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
        cur += line[++i];
      } else {
        cur += ch;
      }
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (ch === "\\" && i + 1 < line.length && process.platform !== "win32") {
      cur += line[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) out.push(cur);
      cur = "";
      inWord = false;
    } else {
      cur += ch;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}

/** Expand `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and a leading `~`. */
export function expandVariables(value: string, workspaceFolder?: string): string {
  let v = value
    .replace(/\$\{userHome\}/g, os.homedir())
    .replace(/\$\{env:([^}]+)\}/g, (_m, name: string) => process.env[name] ?? "");
  if (workspaceFolder !== undefined) v = v.replace(/\$\{workspaceFolder\}/g, workspaceFolder);
  if (v === "~" || v.startsWith("~/") || v.startsWith("~\\")) v = path.join(os.homedir(), v.slice(1));
  return v;
}

function isExecutableFile(p: string): boolean {
  try {
    if (!fs.statSync(p).isFile()) return false;
    if (process.platform === "win32") return true;
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Like `which`: the full path of an executable found on PATH (or PATHEXT variants on Windows). */
export function findOnPath(name: string, envPath: string | undefined = process.env.PATH): string | undefined {
  if (name.includes("/") || (process.platform === "win32" && name.includes("\\"))) {
    return isExecutableFile(name) ? name : undefined;
  }
  const exts = process.platform === "win32" ? ["", ...(process.env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")] : [""];
  for (const dir of (envPath ?? "").split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext.toLowerCase());
      if (isExecutableFile(candidate)) return candidate;
      if (ext && isExecutableFile(path.join(dir, name + ext))) return path.join(dir, name + ext);
    }
  }
  return undefined;
}

/** Whether `command` (a path or a bare name) can be spawned; used to fail early with a clear message. */
export function commandExists(command: string): boolean {
  return findOnPath(command) !== undefined;
}

function withTimeout<T>(p: Thenable<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    Promise.resolve(p).then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/**
 * The interpreter of the Python environment selected in the Python extension, if that extension is
 * installed. Uses its `environments` API, or the older `settings.getExecutionDetails`. Never throws.
 */
export async function selectedPythonInterpreter(resource?: vscode.Uri): Promise<string | undefined> {
  const ext = vscode.extensions.getExtension("ms-python.python");
  if (!ext) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const api: any = ext.isActive ? ext.exports : await withTimeout(ext.activate(), 15000);
    if (!api) return undefined;
    if (api.environments?.getActiveEnvironmentPath) {
      const envPath = api.environments.getActiveEnvironmentPath(resource);
      const env = await withTimeout<any>(api.environments.resolveEnvironment(envPath), 10000); // eslint-disable-line
      const exe: string | undefined = env?.executable?.uri?.fsPath ?? envPath?.path;
      if (exe) return exe;
    }
    const details = api.settings?.getExecutionDetails?.(resource);
    const exec: string[] | undefined = details?.execCommand;
    if (exec && exec.length === 1) return exec[0];
  } catch {
    // the Python extension is optional: any failure just means "no interpreter from there"
  }
  return undefined;
}

/** Subscribe to changes of the selected Python environment (no-op without the Python extension). */
export function onPythonEnvironmentChanged(listener: () => void): vscode.Disposable {
  const ext = vscode.extensions.getExtension("ms-python.python");
  if (!ext) return new vscode.Disposable(() => undefined);
  let sub: vscode.Disposable | undefined;
  let disposed = false;
  Promise.resolve(ext.isActive ? ext.exports : ext.activate())
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    .then((api: any) => {
      const event = api?.environments?.onDidChangeActiveEnvironmentPath;
      if (event && !disposed) sub = event(() => listener());
    })
    .then(undefined, () => undefined);
  return new vscode.Disposable(() => {
    disposed = true;
    sub?.dispose();
  });
}

export type ImportStrategy = "useBundled" | "fromEnvironment";

export interface ServerSettings {
  /** errata.path (or the deprecated errata.server.command): a whole command, used as it is. */
  path: unknown;
  /** errata.interpreter: the Python that runs the server. */
  interpreter: unknown;
  importStrategy: ImportStrategy;
}

function argvOf(configured: unknown, workspaceFolder: string | undefined): string[] | undefined {
  if (Array.isArray(configured) && configured.length > 0) {
    return configured.map((a) => expandVariables(String(a), workspaceFolder));
  }
  if (typeof configured === "string" && configured.trim() !== "") {
    const whole = expandVariables(configured.trim(), workspaceFolder);
    // a path with spaces that exists as a file is taken whole; otherwise it is a command line
    return isExecutableFile(whole) ? [whole] : splitCommandLine(configured.trim()).map((a) => expandVariables(a, workspaceFolder));
  }
  return undefined;
}

/**
 * The command that starts the server, as Microsoft's Python tool extensions do it: `errata.path` when
 * set; else the interpreter (`errata.interpreter`, else the one selected in the Python extension,
 * else python3 on PATH) running the extension's bundled/tool/start_server.py. That script is run as a
 * file, so the workspace is never on sys.path; it imports the bundled server or the environment's,
 * as `errata.importStrategy` (passed in ERRATA_IMPORT_STRATEGY) says.
 */
export async function resolveServerCommand(
  settings: ServerSettings,
  workspaceFolder: string | undefined,
  extensionPath: string,
  resource?: vscode.Uri,
): Promise<ServerCommand> {
  const tried: string[] = [];
  const whole = argvOf(settings.path, workspaceFolder);
  if (whole && whole.length > 0) {
    return { command: whole[0], args: whole.slice(1), origin: "setting errata.path" };
  }
  const script = path.join(extensionPath, "bundled", "tool", "start_server.py");
  const env = { ERRATA_IMPORT_STRATEGY: settings.importStrategy };
  const interpreter = argvOf(settings.interpreter, workspaceFolder);
  if (interpreter && interpreter.length > 0) {
    return { command: interpreter[0], args: [...interpreter.slice(1), script], origin: "setting errata.interpreter", env };
  }
  const selected = await selectedPythonInterpreter(resource);
  if (selected) return { command: selected, args: [script], origin: "selected Python environment", env };
  if (vscode.extensions.getExtension("ms-python.python")) tried.push("the Python extension's selected environment (none selected)");
  for (const name of ["python3", "python"]) {
    const found = findOnPath(name);
    if (found) return { command: found, args: [script], origin: `${name} on PATH`, env };
    tried.push(`${name} on PATH`);
  }
  throw new ServerNotFoundError("could not find a Python (3.10+) to run the errata language server", tried);
}
