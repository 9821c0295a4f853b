-- Neovim: the neve-lsp language server (LSP over stdio) for filetype `neve`.
--
-- Neovim 0.11+: with editors/vim on 'runtimepath', this file is the config
-- that `vim.lsp.enable('neve')` picks up (it returns the table below).
-- Older Neovim (0.8-0.10): `dofile('/path/to/editors/vim/lsp/neve.lua')`
-- from init.lua registers a FileType autocommand that calls vim.lsp.start.
-- The server command comes from vim.g.neve_lsp_path (default 'neve-lsp').
local config = {
  name = 'neve',
  cmd = { vim.g.neve_lsp_path or 'neve-lsp' },
  filetypes = { 'neve' },
  root_markers = { '.git' },
}

vim.filetype.add({ extension = { nv = 'neve' } })

if not vim.lsp.config then
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'neve',
    group = vim.api.nvim_create_augroup('neve_lsp', { clear = true }),
    callback = function(args)
      local path = vim.api.nvim_buf_get_name(args.buf)
      local git = vim.fs.find(config.root_markers, { upward = true, path = vim.fs.dirname(path) })[1]
      vim.lsp.start({
        name = config.name,
        cmd = config.cmd,
        root_dir = git and vim.fs.dirname(git) or vim.fn.getcwd(),
      }, { bufnr = args.buf })
    end,
  })
end

return config
