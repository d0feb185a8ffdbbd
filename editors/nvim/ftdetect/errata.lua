-- `.log` files have no filetype in Neovim: give them "log", so errata attaches to a CI log or a
-- pasted traceback (sourced by filetype detection when editors/nvim is on 'runtimepath').
local ok, errata = pcall(require, "errata")
if ok then
  errata.register_filetypes()
end
