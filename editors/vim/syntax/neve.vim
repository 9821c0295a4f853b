" Vim syntax file for Neve (.nv). The keyword lists follow
" include/neve/Frontend/TokenKinds.def and the spec's predeclared names.
if exists('b:current_syntax')
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

" Keywords.
syn keyword neveControl     if else for while return break continue in
syn keyword neveControl     finish async asyncs lock launch
syn keyword neveLogical     and or not xor
syn keyword neveWordOp      offby reduce scan new
syn keyword neveDeclaration def gpu kernel ctor proto operation var main
syn keyword neveStructure   class
syn keyword neveImport      import
syn keyword neveSelf        self
syn keyword neveConstant    true false nil inf
syn keyword neveReserved    as binary extern filter global lut_hi lut_lo mapit
syn keyword neveReserved    no_grad spawn then unary unlock
" Contextual words.
syn match   neveImport      "\%(^\s*import\s\+\)\@<=default\>"
syn match   neveModifier    "\%(^\s*proto\>.*\)\@<=\<sys\>"
syn match   neveModifier    "\<smem\ze\s*>"

" Types.
syn keyword neveType        int i8 i16 i64 float bf16 half bool char void
syn keyword neveType        str any array map tuple channel Function layout
syn keyword neveForeignType float_pp bf16_pp float_cpu bf16_cpu

" Predeclared names (spec §7, §8).
syn keyword neveDevice      tx ty tz bx by bz bdx bdy bdz gdx gdy gdz lane warp
syn keyword neveThread      tid tN tHW
syn keyword neveTypeTag     int_t i8_t i16_t i64_t float_t bf16_t half_t char_t
syn keyword neveTypeTag     str_t array_t
syn keyword neveIntrinsic   syncthreads shfl_sync shfl_xor_sync shfl_down_sync
syn keyword neveIntrinsic   atomic_add atomic_max atomic_min atomic_exch
syn keyword neveIntrinsic   exp log tanh abs floor ceil fast_exp fast_log fast_tanh
syn keyword neveIntrinsic   cp_async16 cp_commit_group cp_wait_group cp_wait_all
syn keyword neveIntrinsic   ldmatrix_x4 ldmatrix_x2 mma_16x8x16
syn keyword neveBuiltin     print printl pow sqrt min max glob zeros_int ones_int
syn keyword neveBuiltin     arange_int randu randn start_timer end_timer sleep
syn keyword neveBuiltin     _quit_ tarena_reset argv seed to_cuda

" Names being declared.
syn match   neveClassName   "\%(^\s*class\s\+\)\@<=\h\w*"
syn match   neveFunction    "\%(^\s*\%(def\|gpu\|proto\)\>.\{-}\)\@<=\<\h\w*\ze\s*("
syn match   neveFunction    "\%(^\s*operation\>.*\)\@<=\<\h\w*\ze\s*\%(#.*\)\=$"
syn match   neveKernelName  "\%(^\s*kernel\s\+void\s\+\)\@<=\h\w*"
syn match   neveSingleton   "\$\h\w*"

" Operators: `<-` (channels) apart from the rest; `offby` etc. are keywords.
syn match   neveOperator    "[-+*/%@=<>!|]"
syn match   neveOperator    "\.\."
syn match   neveChannel     "<-"

" Numbers: 42, 0x1F, 1.5, 1e-8, 2.5e3 (a float has digits on both sides).
syn match   neveNumber      "\<\d\+\>"
syn match   neveNumber      "\<0[xX]\x\+\>"
syn match   neveFloat       "\<\d\+\.\d\+\%([eE][-+]\=\d\+\)\=\>"
syn match   neveFloat       "\<\d\+[eE][-+]\=\d\+\>"

" Strings and comments.
syn match   neveEscape      +\\[ntr0\\"']+ contained
syn match   neveBadEscape   +\\\%([^ntr0\\"']\|$\)+ contained
syn region  neveString      start=+"+ skip=+\\\\\|\\"+ end=+"+ oneline contains=neveEscape,neveBadEscape
syn region  neveString      start=+'+ skip=+\\\\\|\\'+ end=+'+ oneline contains=neveEscape,neveBadEscape
syn keyword neveTodo        TODO FIXME XXX NOTE contained
syn match   neveComment     "#.*$" contains=neveTodo,@Spell

hi def link neveControl     Statement
hi def link neveLogical     Operator
hi def link neveWordOp      Operator
hi def link neveOperator    Operator
hi def link neveChannel     Operator
hi def link neveDeclaration Keyword
hi def link neveStructure   Structure
hi def link neveImport      Include
hi def link neveSelf        Special
hi def link neveConstant    Constant
hi def link neveReserved    Error
hi def link neveModifier    StorageClass
hi def link neveType        Type
hi def link neveForeignType Type
hi def link neveDevice      Special
hi def link neveThread      Special
hi def link neveTypeTag     Constant
hi def link neveIntrinsic   Function
hi def link neveBuiltin     Function
hi def link neveClassName   Type
hi def link neveFunction    Function
hi def link neveKernelName  Function
hi def link neveSingleton   Identifier
hi def link neveNumber      Number
hi def link neveFloat       Float
hi def link neveEscape      SpecialChar
hi def link neveBadEscape   Error
hi def link neveString      String
hi def link neveTodo        Todo
hi def link neveComment     Comment

let b:current_syntax = 'neve'
let &cpo = s:cpo_save
unlet s:cpo_save
