-- errata for Neovim: starts the errata-lsp language server for Python buffers (and for log /
-- plain-text buffers, where it recognises runtime error messages).
--
--   require("errata").setup({
--     cmd = { "errata-lsp" },           -- default: errata-lsp on PATH, else python3 (never `-m errata_lsp`)
--     select = { "LXF" },               -- only these rule codes / prefixes (default: all)
--     ignore = { "LXF002" },            -- never these
--     kb_paths = { "~/my-records" },    -- extra knowledge-base record files / folders
--     severity = { LXF001 = "warning" },
--     filetypes = { "python", "log", "text" },
--     on_attach = function(client, bufnr) end,
--   })
--
-- Works on Neovim 0.8+ through vim.lsp.start, and on 0.7 through vim.lsp.start_client +
-- vim.lsp.buf_attach_client. On 0.11+ you can instead use editors/nvim/lsp/errata.lua with
-- vim.lsp.enable("errata").
--
-- Commands: :ErrataExplain [message] (record card for an error message; no argument: the visual
-- selection or the current line), :ErrataFixAll, :ErrataRestart, :ErrataInfo.
local M = {}

local NAME = "errata"
local uv = vim.loop or vim.uv

M.default_root_markers = { "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", ".git" }
M.default_filetypes = { "python", "log", "text" }

local config -- the resolved config after setup()
local legacy_clients = {} -- 0.7: root_dir -> client id
local warned = {}

local function notify(msg, level)
  vim.schedule(function()
    vim.notify("errata: " .. msg, level or vim.log.levels.INFO)
  end)
end

-- 0.11 turned client.request(...) into client:request(...)
local NEW_METHODS = vim.fn.has("nvim-0.11") == 1

local function c_request(client, method, params, handler, bufnr)
  if NEW_METHODS then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function c_request_sync(client, method, params, timeout_ms, bufnr)
  if NEW_METHODS then
    return client:request_sync(method, params, timeout_ms, bufnr)
  end
  return client.request_sync(method, params, timeout_ms, bufnr)
end

local function c_stop(client)
  if NEW_METHODS then
    return client:stop()
  end
  return client.stop()
end

--- Python code that starts the server without the working directory on sys.path. `python -m
--- errata_lsp` would put it first, and Neovim starts the server in the user's project: its own
--- errata_lsp/ or errata_lsp.py would run instead (`-P` does this too, but only on Python 3.11+).
M.SAFE_START = "import sys; sys.path[:] = [p for p in sys.path if p not in ('', '.')]; "
  .. "from errata_lsp.entry import main; sys.exit(main())"

--- `errata-lsp` when it is on PATH, else the first python on PATH starting the errata_lsp module.
function M.default_cmd()
  if vim.fn.executable("errata-lsp") == 1 then
    return { "errata-lsp" }
  end
  for _, py in ipairs({ "python3", "python" }) do
    if vim.fn.executable(py) == 1 then
      return { py, "-c", M.SAFE_START }
    end
  end
  return { "errata-lsp" }
end

local function non_empty_list(v)
  if type(v) == "string" then
    v = { v }
  end
  if type(v) ~= "table" or #v == 0 then
    return nil
  end
  return v
end

--- The server's initializationOptions / `settings.errata` built from setup() options.
--- Empty values are left out (an empty Lua table would be sent as a JSON array).
function M.server_options(opts)
  opts = opts or {}
  local out = {}
  out.select = non_empty_list(opts.select)
  out.ignore = non_empty_list(opts.ignore)
  local paths = non_empty_list(opts.kb_paths)
  if paths then
    local expanded = {}
    for i, p in ipairs(paths) do
      expanded[i] = vim.fn.expand(p)
    end
    out.kb = { paths = expanded }
  end
  if type(opts.severity) == "table" and next(opts.severity) ~= nil then
    out.severity = opts.severity
  end
  return out
end

local function find_root(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local start = name ~= "" and vim.fn.fnamemodify(name, ":p:h") or uv.cwd()
  if vim.fs and vim.fs.find then -- 0.8+
    local found = vim.fs.find(markers, { path = start, upward = true })[1]
    return found and vim.fs.dirname(found) or start
  end
  local dir = start
  while dir and dir ~= "" do
    for _, m in ipairs(markers) do
      if uv.fs_stat(dir .. "/" .. m) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      break
    end
    dir = parent
  end
  return start
end

--- LSP languageId for a Neovim filetype: the server knows "plaintext", Neovim calls it "text".
function M.language_id(_, filetype)
  if filetype == "text" then
    return "plaintext"
  end
  return filetype
end

--- The vim.lsp client config (without root_dir) for the given setup() options.
function M.make_config(opts)
  opts = opts or {}
  local cmd = opts.cmd
  if type(cmd) == "string" then
    cmd = vim.split(cmd, "%s+", { trimempty = true })
  end
  cmd = cmd or M.default_cmd()
  local server_opts = M.server_options(opts)
  local user_on_exit = opts.on_exit
  local cfg = {
    name = NAME,
    cmd = cmd,
    cmd_env = opts.cmd_env,
    filetypes = opts.filetypes or M.default_filetypes,
    root_markers = opts.root_markers or M.default_root_markers,
    init_options = server_opts,
    get_language_id = M.language_id,
    capabilities = opts.capabilities,
    handlers = opts.handlers,
    on_attach = opts.on_attach,
    on_init = opts.on_init,
    flags = opts.flags,
  }
  if next(server_opts) ~= nil then
    cfg.settings = { errata = server_opts }
  end
  cfg.on_exit = function(code, signal, client_id)
    if code ~= 0 and signal == 0 and not warned[client_id] then
      warned[client_id] = true
      notify(
        string.format(
          "the language server `%s` exited with code %d. Install it (pip install errata-lsp) or pass "
            .. "cmd = {...} to require('errata').setup(); see :ErrataInfo and :LspLog.",
          table.concat(cmd, " "),
          code
        ),
        vim.log.levels.ERROR
      )
    end
    if user_on_exit then
      user_on_exit(code, signal, client_id)
    end
  end
  return cfg
end

local function cmd_ok(cfg)
  if vim.fn.executable(cfg.cmd[1]) == 1 then
    return true
  end
  if not warned.cmd then
    warned.cmd = true
    notify(
      string.format(
        "cannot start the language server: `%s` is not an executable on PATH. "
          .. "Install it with `pip install errata-lsp`, or pass cmd = { '/path/to/venv/bin/errata-lsp' } "
          .. "to require('errata').setup().",
        cfg.cmd[1]
      ),
      vim.log.levels.ERROR
    )
  end
  return false
end

local function legacy_client_for(root)
  local id = legacy_clients[root]
  if id and vim.lsp.get_client_by_id(id) and not vim.lsp.client_is_stopped(id) then
    return id
  end
  return nil
end

--- Attach errata to a buffer (start the server for its root if needed). Returns the client id.
function M.attach(bufnr, cfg)
  cfg = cfg or config or M.make_config({})
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= "" then
    return nil
  end
  if not cmd_ok(cfg) then
    return nil
  end
  local start_cfg = vim.deepcopy(cfg)
  start_cfg.filetypes = nil
  start_cfg.root_markers = nil
  start_cfg.root_dir = find_root(bufnr, cfg.root_markers)
  start_cfg.on_exit = cfg.on_exit
  start_cfg.get_language_id = cfg.get_language_id
  start_cfg.on_attach = cfg.on_attach
  start_cfg.on_init = cfg.on_init

  if vim.lsp.start then -- 0.8+: reuses a running client with the same name and root_dir
    return vim.lsp.start(start_cfg, { bufnr = bufnr })
  end
  -- 0.7 and older
  local id = legacy_client_for(start_cfg.root_dir)
  if not id then
    id = vim.lsp.start_client(start_cfg)
    if not id then
      return nil
    end
    legacy_clients[start_cfg.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- The errata clients (all, or those attached to bufnr).
function M.clients(bufnr)
  local out = {}
  local list
  if vim.lsp.get_clients then
    list = vim.lsp.get_clients({ name = NAME, bufnr = bufnr })
  elseif bufnr then
    list = vim.lsp.buf_get_clients(bufnr)
  else
    list = vim.lsp.get_active_clients()
  end
  for _, c in pairs(list) do
    if c.name == NAME then
      table.insert(out, c)
    end
  end
  return out
end

local function client_for(bufnr)
  local c = M.clients(bufnr)[1]
  if c then
    return c
  end
  return M.clients()[1]
end

--- Ask the server to explain an error message; calls on_result(markdown_or_nil, err).
function M.explain(text, on_result, bufnr)
  local client = client_for(bufnr or vim.api.nvim_get_current_buf())
  if not client then
    on_result(nil, "no errata server is running (open a Python file first)")
    return
  end
  c_request(client, "workspace/executeCommand", { command = "errata.explain", arguments = { text } }, function(err, result)
    if err then
      on_result(nil, err.message or vim.inspect(err))
    elseif type(result) == "table" and type(result.value) == "string" then
      on_result(result.value)
    elseif type(result) == "string" and result ~= "" then
      on_result(result)
    else
      on_result(nil)
    end
  end, bufnr or vim.api.nvim_get_current_buf())
end

local function show_markdown(markdown)
  local lines = vim.split(markdown, "\n", { plain = true })
  vim.lsp.util.open_floating_preview(lines, "markdown", { border = "rounded", max_width = 100, focus_id = "errata-explain" })
end

--- Apply the server's `source.fixAll.errata` action to a buffer (synchronously).
function M.fix_all(bufnr, timeout_ms)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.clients(bufnr)[1]
  if not client then
    return false
  end
  local last = vim.api.nvim_buf_line_count(bufnr)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = last, character = 0 } },
    context = { diagnostics = {}, only = { "source.fixAll.errata" } },
  }
  local res = c_request_sync(client, "textDocument/codeAction", params, timeout_ms or 3000, bufnr)
  local applied = false
  for _, action in ipairs((res and res.result) or {}) do
    if action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or "utf-16")
      applied = true
    end
  end
  return applied
end

local function define_commands()
  if not vim.api.nvim_create_user_command then
    return
  end
  vim.api.nvim_create_user_command("ErrataExplain", function(args)
    local text = args.args
    if text == "" then
      if args.range > 0 then
        text = table.concat(vim.api.nvim_buf_get_lines(0, args.line1 - 1, args.line2, false), "\n")
      else
        text = vim.api.nvim_get_current_line()
      end
    end
    M.explain(text, function(markdown, err)
      vim.schedule(function()
        if err then
          vim.notify("errata: " .. err, vim.log.levels.ERROR)
        elseif not markdown then
          vim.notify("errata: no known error matches this message", vim.log.levels.INFO)
        else
          show_markdown(markdown)
        end
      end)
    end)
  end, { nargs = "?", range = true, desc = "errata: explain an error message" })
  vim.api.nvim_create_user_command("ErrataFixAll", function()
    M.fix_all(0)
  end, { desc = "errata: apply all errata fixes in this buffer" })
  vim.api.nvim_create_user_command("ErrataRestart", function()
    M.restart()
  end, { desc = "errata: restart the language server" })
  vim.api.nvim_create_user_command("ErrataInfo", function()
    local cfg = config or M.make_config({})
    local lines = { "errata cmd: " .. table.concat(cfg.cmd, " "), "init_options: " .. vim.inspect(cfg.init_options) }
    for _, c in ipairs(M.clients()) do
      table.insert(lines, string.format("client %d root %s", c.id, tostring(c.config.root_dir)))
    end
    vim.notify(table.concat(lines, "\n"))
  end, { desc = "errata: show the server command and clients" })
end

--- Stop every errata client and attach the open buffers again.
function M.restart()
  for _, c in ipairs(M.clients()) do
    c_stop(c)
  end
  legacy_clients = {}
  vim.defer_fn(function()
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(config.filetypes, vim.bo[buf].filetype) then
        M.attach(buf, config)
      end
    end
  end, 500)
end

local function on_filetype(bufnr)
  if config and vim.tbl_contains(config.filetypes, vim.bo[bufnr].filetype) then
    M.attach(bufnr, config)
  end
end

-- for the pre-0.7 autocmd fallback
function M._on_filetype()
  on_filetype(vim.api.nvim_get_current_buf())
end

--- `.log` files have no filetype in Neovim: make them "log" (and set it on log buffers already
--- open without one), so a CI log or a pasted traceback gets its diagnostics.
function M.register_filetypes()
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { log = "log" } })
  end
  if vim.fn.has("nvim-0.8") == 0 then -- 0.7 detects with filetype.vim unless do_filetype_lua is set
    vim.api.nvim_create_autocmd({ "BufNewFile", "BufRead" }, {
      group = vim.api.nvim_create_augroup("errata_filetype", { clear = true }),
      pattern = "*.log",
      command = "setfiletype log",
    })
  end
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == ""
      and vim.api.nvim_buf_get_name(buf):match("%.log$") then
      vim.bo[buf].filetype = "log"
    end
  end
end

function M.setup(opts)
  config = M.make_config(opts)
  warned = {}
  M.register_filetypes()
  if vim.api.nvim_create_autocmd then -- 0.7+
    local group = vim.api.nvim_create_augroup("errata_lsp", { clear = true })
    vim.api.nvim_create_autocmd("FileType", {
      group = group,
      pattern = config.filetypes,
      callback = function(args)
        on_filetype(args.buf)
      end,
    })
  else
    vim.cmd("augroup errata_lsp | autocmd! | augroup END")
    vim.cmd(string.format(
      "autocmd errata_lsp FileType %s lua require('errata')._on_filetype()",
      table.concat(config.filetypes, ",")
    ))
  end
  define_commands()
  -- buffers opened before setup() ran
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) then
      on_filetype(buf)
    end
  end
  return config
end

return M
