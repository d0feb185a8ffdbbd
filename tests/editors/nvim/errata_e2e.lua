-- Headless Neovim end-to-end test of the errata language server through editors/nvim.
--
-- Run (see tests/editors/test_nvim.py):
--   nvim --headless -u NONE -i NONE -n -c "luafile tests/editors/nvim/errata_e2e.lua"
-- (no `-l`: Debian's Neovim 0.7 does not have it). Exit status 0 = every check passed.
--
-- Env:
--   ERRATA_REPO      repository root (editors/nvim is put on 'runtimepath')
--   ERRATA_CMD       server command, JSON array (default: the plugin's default command)
--   ERRATA_PY_FILE   Python file to open; it is edited and written
--   ERRATA_LOG_FILE  log file with a runtime error line (optional)
--   ERRATA_MODE      "setup"   require("errata").setup() (0.7+), default flow
--                    "options" setup() with severity = { LXF001 = "warning" }, then :ErrataFixAll
--                    "native"  lsp/errata.lua through vim.lsp.config / vim.lsp.enable (0.11+)
--   ERRATA_TIMEOUT_MS per-step timeout (default 15000)

local function env(name, default)
  local v = os.getenv(name)
  if v == nil or v == "" then
    return default
  end
  return v
end

local repo = assert(env("ERRATA_REPO"), "set ERRATA_REPO")
local py_file = assert(env("ERRATA_PY_FILE"), "set ERRATA_PY_FILE")
local log_file = env("ERRATA_LOG_FILE")
local mode = env("ERRATA_MODE", "setup")
local timeout = tonumber(env("ERRATA_TIMEOUT_MS", "15000"))
local cmd = env("ERRATA_CMD") and vim.fn.json_decode(env("ERRATA_CMD")) or nil

local uv = vim.loop or vim.uv
local t0 = uv.hrtime()
local function log(msg)
  io.stderr:write(string.format("[nvim-errata %6.0fms] %s\n", (uv.hrtime() - t0) / 1e6, msg))
end

local function finish(ok, msg)
  log((ok and "PASS" or "FAIL") .. (msg and (": " .. msg) or ""))
  for _, c in ipairs(require("errata").clients()) do
    if vim.fn.has("nvim-0.11") == 1 then
      c:stop()
    else
      c.stop()
    end
  end
  vim.wait(2000, function()
    return #require("errata").clients() == 0
  end, 20)
  io.stderr:flush()
  vim.cmd(ok and "qall!" or "cquit 1")
end

local function check(cond, msg)
  if not cond then
    error(msg, 2)
  end
end

local function wait_for(what, pred)
  check(vim.wait(timeout, pred, 20), "timed out waiting for " .. what)
end

local function diag_code(d)
  if d.code ~= nil then
    return d.code
  end
  return d.user_data and d.user_data.lsp and d.user_data.lsp.code
end

local function errata_diags(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == "errata" or diag_code(d) == "LXF001" then
      table.insert(out, d)
    end
  end
  return out
end

local function to_lsp_diag(d)
  return {
    range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
    message = d.message,
    severity = d.severity,
    source = d.source,
    code = diag_code(d),
  }
end

-- buf_request_sync's per-client entry is { err = … } since 0.8 and { error = … } in 0.7
local function response_error(r)
  return r.err or r.error
end

local function hover_text(bufnr, client, line, col)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = line, character = col },
  }
  local res = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", params, timeout)
  check(res and res[client.id], "no hover response: " .. vim.inspect(res))
  check(not response_error(res[client.id]), "hover error: " .. vim.inspect(response_error(res[client.id])))
  local result = res[client.id].result
  check(result and result.contents, "empty hover")
  local contents = result.contents
  if type(contents) == "string" then
    return contents
  elseif contents.value then
    return contents.value
  end
  local parts = {}
  for _, c in ipairs(contents) do
    table.insert(parts, type(c) == "string" and c or c.value)
  end
  return table.concat(parts, "\n")
end

local function errata_client(bufnr)
  return require("errata").clients(bufnr)[1]
end

local function open(path, filetype, detected)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  if detected then -- what the user's Neovim does with this file, nothing set by hand
    check(vim.bo[bufnr].filetype == filetype,
      string.format("%s: filetype '%s', expected '%s'", path, vim.bo[bufnr].filetype, filetype))
  elseif vim.bo[bufnr].filetype ~= filetype then
    vim.bo[bufnr].filetype = filetype -- fires FileType, like detection would
  end
  wait_for("an errata client on " .. path, function()
    return errata_client(bufnr) ~= nil
  end)
  return bufnr, errata_client(bufnr)
end

local function python_flow()
  local bufnr, client = open(py_file, "python")
  log("client " .. client.id .. " cmd " .. table.concat(client.config.cmd, " "))

  -- 1. diagnostic
  wait_for("an LXF001 diagnostic", function()
    return #errata_diags(bufnr) > 0
  end)
  local d = errata_diags(bufnr)[1]
  local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1]
  log(string.format("diagnostic %d:%d-%d:%d [%s %s sev=%d] %s", d.lnum, d.col, d.end_lnum, d.end_col,
    tostring(d.source), tostring(diag_code(d)), d.severity, d.message))
  check(diag_code(d) == "LXF001", "diagnostic code is " .. tostring(diag_code(d)))
  check(d.source == "errata", "diagnostic source is " .. tostring(d.source))
  check(d.message:find("`activation_checkpointing_policy` must be a set, found [Block]", 1, true) == 1,
    "unexpected message: " .. d.message)
  check(line:sub(d.col + 1, d.end_col) == "[Block]", "range covers '" .. line:sub(d.col + 1, d.end_col) .. "'")
  local want_sev = mode == "options" and vim.diagnostic.severity.WARN or vim.diagnostic.severity.ERROR
  check(d.severity == want_sev, string.format("severity %d, expected %d", d.severity, want_sev))

  -- 2. hover on [Block]
  local text = hover_text(bufnr, client, d.lnum, d.col + 1)
  log("hover: " .. text:sub(1, 120):gsub("\n", " | ") .. " ...")
  check(text:find("must be a set", 1, true), "hover lacks 'must be a set'")
  check(text:find("What it means", 1, true), "hover lacks 'What it means'")

  if mode == "options" then
    -- 3'. fix-all through the plugin (source.fixAll.errata)
    check(require("errata").fix_all(bufnr, timeout), "fix_all applied nothing")
  else
    -- 3. code actions on the diagnostic's range
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
      context = { diagnostics = { to_lsp_diag(d) } },
    }
    local res = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, timeout)
    check(res and res[client.id], "no codeAction response")
    check(not response_error(res[client.id]), "codeAction error: " .. vim.inspect(response_error(res[client.id])))
    local actions = res[client.id].result or {}
    local titles, fix, kinds = {}, nil, {}
    for _, a in ipairs(actions) do
      table.insert(titles, a.title)
      kinds[a.kind or "?"] = true
      if a.title == "Convert list to set" then
        fix = a
      end
    end
    log("code actions: " .. table.concat(titles, " | "))
    check(fix, "no 'Convert list to set' action")
    check(fix.isPreferred == true, "'Convert list to set' is not isPreferred")
    check(vim.tbl_contains(titles, "Disable LXF001 for this line"), "no 'Disable LXF001 for this line' action")
    check(kinds["source.fixAll.errata"], "no source.fixAll.errata action among " .. vim.inspect(vim.tbl_keys(kinds)))
    if not fix.edit then -- lazily resolved actions
      local r = vim.lsp.buf_request_sync(bufnr, "codeAction/resolve", fix, timeout)
      fix = r and r[client.id] and r[client.id].result or fix
    end
    check(fix.edit, "'Convert list to set' has no edit")
    -- 4. apply it the way Neovim does
    vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  end

  local new_line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1]
  log("line after fix: " .. new_line)
  check(new_line:find("{Block}", 1, true) and not new_line:find("[Block]", 1, true), "line not fixed: " .. new_line)

  -- 5. the diagnostic goes away once the change is synced
  wait_for("the diagnostic to clear", function()
    return #errata_diags(bufnr) == 0
  end)
  log("diagnostic cleared")
  vim.cmd("silent write")
  local disk = table.concat(vim.fn.readfile(py_file), "\n")
  check(disk:find("{Block}", 1, true) and not disk:find("[Block]", 1, true), "file on disk not fixed")
  log("file written")
  return bufnr
end

local function explain_flow(bufnr)
  local msg = "TypeError: `activation_checkpointing_policy` must be a set, found [<class 'Block'>]."
    .. " You can try defining and passing `auto_wrapper_callable` instead."
  local done, markdown, err = false, nil, nil
  require("errata").explain(msg, function(md, e)
    done, markdown, err = true, md, e
  end, bufnr)
  wait_for("errata.explain", function()
    return done
  end)
  check(not err, "errata.explain error: " .. tostring(err))
  check(markdown and markdown:find("must be a set", 1, true), "errata.explain card: " .. tostring(markdown))
  log("explain: " .. markdown:sub(1, 80):gsub("\n", " | ") .. " ...")
end

local function log_flow()
  local bufnr, client = open(log_file, "log", true)
  wait_for("a diagnostic in the log file", function()
    return #errata_diags(bufnr) > 0
  end)
  local d = errata_diags(bufnr)[1]
  log(string.format("log diagnostic %d:%d [%s] %s", d.lnum, d.col, tostring(diag_code(d)), d.message))
  check(diag_code(d) == "LXF001", "log diagnostic code: " .. tostring(diag_code(d)))
  local text = hover_text(bufnr, client, d.lnum, d.col + 1)
  check(text:find("must be a set", 1, true), "log hover lacks 'must be a set': " .. text)
  log("log hover ok")
end

local ok, err = pcall(function()
  vim.opt.runtimepath:prepend(repo .. "/editors/nvim")
  vim.cmd("filetype on")
  local v = vim.version()
  log(string.format("nvim %d.%d.%d mode=%s", v.major, v.minor, v.patch, mode))
  if mode == "native" then
    check(vim.lsp.config and vim.lsp.enable, "vim.lsp.config/enable need Neovim 0.11+")
    local over = {}
    if cmd then
      over.cmd = cmd
    end
    vim.lsp.config("errata", over)
    vim.lsp.enable("errata")
  else
    local opts = { cmd = cmd }
    if mode == "options" then
      opts.severity = { LXF001 = "warning" }
    end
    require("errata").setup(opts)
  end
  local bufnr = python_flow()
  if mode == "setup" then
    explain_flow(bufnr)
  end
  if log_file then
    log_flow()
  end
end)

if ok then
  finish(true)
else
  finish(false, tostring(err))
end
