-- errata language server config for Neovim 0.11+ (vim.lsp.config / vim.lsp.enable).
--
-- Put editors/nvim on 'runtimepath' (or copy this file to ~/.config/nvim/lsp/errata.lua), then:
--
--   vim.lsp.config("errata", {
--     -- cmd = { "/path/to/venv/bin/errata-lsp" },
--     init_options = { ignore = { "LXF002" }, severity = { LXF001 = "warning" } },
--   })
--   vim.lsp.enable("errata")
--
-- init_options / settings.errata keys: select, ignore, kb = { paths = {...} }, severity.
-- Leave out empty lists: Neovim sends an empty Lua table as a JSON array.
-- Root: the nearest folder above the file with one of root_markers; a file outside any project is
-- served alone (no workspace folder, no [tool.errata] settings).

-- `.log` files have no filetype in Neovim: errata reads logs (ftdetect/errata.lua does this too,
-- before the first buffer, when editors/nvim is on 'runtimepath').
vim.filetype.add({ extension = { log = "log" } })

---@type vim.lsp.Config
return {
  cmd = { "errata-lsp" },
  filetypes = { "python", "log", "text" },
  root_markers = { "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", ".git" },
  -- the server knows plain text as "plaintext"; Neovim's filetype is "text"
  get_language_id = function(_, filetype)
    return filetype == "text" and "plaintext" or filetype
  end,
}
