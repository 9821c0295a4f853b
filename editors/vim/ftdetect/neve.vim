" Neve source files.
autocmd BufRead,BufNewFile *.nv setfiletype neve
