" Vim indent file for Neve: one level (shiftwidth) after a line that opens a
" block, `else` lined up with its `if`, one level less after return, break
" and continue; a line already indented less than that keeps its indent.
if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal autoindent
setlocal indentexpr=GetNeveIndent(v:lnum)
setlocal indentkeys=!^F,o,O,0=else
let b:undo_indent = 'setlocal autoindent< indentexpr< indentkeys<'

if exists('*GetNeveIndent')
  finish
endif

" Block headers (spec §10: the constructs whose grammar ends in `block`);
" `async STMT` and `asyncs N f(...)` are one-line forms, not headers.
let s:opener = '^\s*\%(\%(def\|gpu\|kernel\|class\|ctor\|if\|else\|for\|while'
      \ . '\|finish\|main\|lock\)\>\|async\s*$\|asyncs\>\%(.*)\s*$\)\@!'
      \ . '\|\[.*\.\..*\]\s*\h\)'

" The nearest non-blank line above lnum that is not only a comment.
function! s:PrevCode(lnum) abort
  let l = prevnonblank(a:lnum - 1)
  while l > 0 && getline(l) =~# '^\s*#'
    let l = prevnonblank(l - 1)
  endwhile
  return l
endfunction

function! GetNeveIndent(lnum) abort
  let prev = s:PrevCode(a:lnum)
  if prev == 0
    return 0
  endif
  " Drop a trailing comment (one without quotes after the '#').
  let pline = substitute(getline(prev), '\s*#[^"'']*$', '', '')
  if getline(a:lnum) =~# '^\s*else\>'
    " The nearest `if` above that is less indented than every line between.
    let limit = indent(a:lnum) + 1
    let l = prev
    while l > 0
      if indent(l) < limit
        if getline(l) =~# '^\s*if\>'
          return indent(l)
        endif
        let limit = indent(l)
      endif
      let l = s:PrevCode(l)
    endwhile
    return indent(prev)
  endif
  if pline =~# s:opener
    return indent(prev) + shiftwidth()
  endif
  let ind = indent(prev)
  if pline =~# '^\s*\%(return\|break\|continue\)\>'
    let ind = max([ind - shiftwidth(), 0])
  endif
  " A line already indented less than that ends blocks: keep it (`=` on
  " correctly indented code changes nothing).
  if getline(a:lnum) =~# '\S' && indent(a:lnum) < ind
    return indent(a:lnum)
  endif
  return ind
endfunction
