" Vim filetype plugin for Neve: '#' comments, 4-space indentation.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=#\ %s comments=:#
setlocal formatoptions-=t formatoptions+=croql
" Indentation is significant; a tab counts as 4 columns (spec §1.2).
setlocal expandtab shiftwidth=4 softtabstop=4 tabstop=4
" `gf` on an import path: import a.b opens a/b.nv.
setlocal suffixesadd=.nv includeexpr=substitute(v:fname,'\\.','/','g')

let b:undo_ftplugin = 'setlocal commentstring< comments< formatoptions< expandtab<'
      \ . ' shiftwidth< softtabstop< tabstop< suffixesadd< includeexpr<'
