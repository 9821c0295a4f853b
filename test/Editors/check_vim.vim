" Checks editors/vim headless; vim-syntax.test runs it as
"   vim -Nu NONE -i NONE -es --cmd 'set rtp^=editors/vim'
"       -c 'filetype plugin indent on' -c 'syntax on'
"       -c 'let g:inputs = "test/Editors/Inputs"' -c 'let g:out = "OUT"'
"       -S check_vim.vim
" and writes one line per check to OUT: 'ok: ...' or 'FAIL: ...'.
let s:out = []

function! s:Report(ok, what) abort
  call add(s:out, (a:ok ? 'ok: ' : 'FAIL: ') . a:what)
endfunction

" The syntax group at the start of the first match of pattern (\zs marks it).
function! s:Expect(pattern, group) abort
  call cursor(1, 1)
  let [l, c] = searchpos(a:pattern, 'cW')
  if l == 0
    return s:Report(0, 'no line matches ' . a:pattern)
  endif
  let name = synIDattr(synID(l, c, 1), 'name')
  call s:Report(name ==# a:group, printf('%d:%d %s is %s (expected %s)', l, c, a:pattern, name, a:group))
endfunction

" Syntax, on the grammar's sample.
execute 'edit' fnameescape(g:inputs . '/sample.nv')
call s:Report(&filetype ==# 'neve' && get(b:, 'current_syntax', '') ==# 'neve', 'filetype ' . &filetype)
call s:Report(&expandtab && &shiftwidth == 4 && &commentstring ==# '# %s',
      \ printf('options et=%d sw=%d cms=%s', &expandtab, &shiftwidth, &commentstring))
call s:Expect('^\zsimport frost', 'neveImport')
call s:Expect('^import \zsdefault', 'neveImport')
call s:Expect('^\zsclass Holder', 'neveStructure')
call s:Expect('^class \zsHolder', 'neveClassName')
call s:Expect('^    \zsfloat last', 'neveType')
call s:Expect('^    \zsctor', 'neveDeclaration')
call s:Expect('\zsself\.last', 'neveSelf')
call s:Expect('start    \zs# a comment', 'neveComment')
call s:Expect('def void \zsadd', 'neveFunction')
call s:Expect('x \* \zs1\.5', 'neveFloat')
call s:Expect('+ \zs1e-8', 'neveFloat')
call s:Expect('- \zs2\.5e3', 'neveFloat')
call s:Expect('\zs0x1F', 'neveNumber')
call s:Expect('0x1F + \zs42', 'neveNumber')
call s:Expect('def array<float> \zsscaled', 'neveFunction')
call s:Expect('^proto float \zssys', 'neveModifier')
call s:Expect('^proto float sys \zscbrtf', 'neveFunction')
call s:Expect('^operation float_pp \zsfloat_pp_int_add', 'neveFunction')
call s:Expect('^operation \zsfloat_pp', 'neveForeignType')
call s:Expect('^kernel void \zssum_k', 'neveKernelName')
call s:Expect('256, \zssmem', 'neveModifier')
call s:Expect('int i = \zsbx', 'neveDevice')
call s:Expect('^    \zssyncthreads', 'neveIntrinsic')
call s:Expect('tx == 0 \zsand', 'neveLogical')
call s:Expect('^\zsmain', 'neveDeclaration')
call s:Expect('"tab\zs\\t', 'neveEscape')
call s:Expect('"tab\\t\zshere', 'neveString')
call s:Expect('here \zs\\"', 'neveEscape')
call s:Expect('''it\zs\\''', 'neveEscape')
call s:Expect('\\r \zs# not a comment', 'neveString')
call s:Expect('async ch \zs<-', 'neveChannel')
call s:Expect('int got \zs<-', 'neveChannel')
call s:Expect('^\s*\zs\$settings', 'neveSingleton')
call s:Expect('verbosity += \zstid', 'neveThread')
call s:Expect('bool ok = \zstrue', 'neveConstant')
call s:Expect('float big = \zsinf', 'neveConstant')
call s:Expect('i \zsoffby', 'neveWordOp')
call s:Expect('^\s*\zsfinish', 'neveControl')
call s:Expect('^\s*\zsasyncs', 'neveControl')
call s:Expect('^\s*\zslaunch', 'neveControl')
call s:Expect('^\s*\zsspawn', 'neveReserved')
call s:Expect('print(\zsfloat_t', 'neveTypeTag')
call s:Expect('int \zsinterval', '')

" Indentation: reindenting correctly indented code changes nothing.
execute 'edit' fnameescape(g:inputs . '/indent.nv')
let s:before = getline(1, '$')
normal! gg=G
let s:after = getline(1, '$')
let s:diff = filter(range(len(s:before)), 's:before[v:val] !=# s:after[v:val]')
call s:Report(empty(s:diff), 'indent.nv reindents unchanged'
      \ . join(map(s:diff, '"; line " . (v:val + 1) . ": " . string(s:after[v:val])'), ''))

" Typing: Enter indents after a header, `else` lines up with its `if`,
" a line after `return` goes back one level.
enew!
setfiletype neve
execute "normal! idef int sign(int x)\rif x < 0\rreturn -1\relse\rreturn 1\rreturn 0\r"
let s:typed = getline(1, '$')
let s:want = ['def int sign(int x)', '    if x < 0', '        return -1', '    else',
      \ '        return 1', '    return 0', '']
call s:Report(s:typed ==# s:want, 'typed: ' . string(s:typed))

call writefile(s:out, g:out)
qall!
